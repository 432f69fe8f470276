package dev.paje.spark;

import dev.paje.CachePolicy;
import dev.paje.TraceLoader;
import dev.paje.export.ParquetExport;
import dev.paje.export.parquet.ParquetWriter;
import dev.paje.read.EventError;
import dev.paje.read.EventKind;
import dev.paje.read.Field;
import dev.paje.read.Problem;
import dev.paje.store.Trace;
import dev.paje.store.TypeKind;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * A Pajé trace as paje's Parquet tables (docs/parquet.md), on Spark. The file is split at newlines;
 * one pass gathers the header, the structure (definitions, containers), the trace's end, first uses of
 * values and entity lines per container; the driver simulates the structure alone (container tree,
 * types, values); entity lines are then grouped by container into parts of consecutive containers,
 * each part simulated alone by the single-machine simulator (links pair within their container, so a
 * part holds both halves), and each part writes its rows straight to Parquet part files with the
 * single-machine export's writer ({@link PartWriter}). Rows are the same as {@code paje export -f
 * parquet}'s; each table is a directory of part files, in the table's order.
 */
public final class SparkConvert {
    private final SparkSession spark;
    private final SparkConvertOptions options;

    public SparkConvert(SparkSession spark, SparkConvertOptions options) {
        this.spark = spark;
        this.options = options;
    }

    /** Converts {@code trace} into tables under {@code out} (created; tables of the same names replaced). */
    public void convert(Path trace, Path out) throws IOException {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        String name = trace.toString();
        String absolute = trace.toAbsolutePath().toString(); // (a Path is not serializable)
        if (Files.size(trace) >= PartKey.MAX_BYTES) {
            throw new ConvertException(name + ": larger than the Spark converter's 1 TiB (its shuffle keys hold 40-bit offsets)");
        }
        Configuration conf = new Configuration(jsc.hadoopConfiguration());
        if (options.splitBytes() > 0) {
            conf.setLong("mapreduce.input.fileinputformat.split.maxsize", options.splitBytes());
        }
        JavaPairRDD<Long, byte[]> lines = jsc.newAPIHadoopFile(trace.toAbsolutePath().toUri().toString(),
                        TextInputFormat.class, LongWritable.class, Text.class, conf)
                .mapToPair(t -> new Tuple2<>(t._1().get(), t._2().copyBytes()));

        List<Tuple2<Long, byte[]>> headerLines = new ArrayList<>(lines.filter(t -> LineKinds.isHeader(t._2())).collect());
        headerLines.sort(Comparator.comparing(Tuple2::_1));
        List<byte[]> header = new ArrayList<>();
        headerLines.forEach(t -> header.add(t._2()));
        Broadcast<List<byte[]>> headerB = jsc.broadcast(header);
        boolean legacy = options.legacyNames();

        TraceSummary summary = lines.mapPartitions(it -> {
            LineKinds kinds = new LineKinds(headerB.value(), legacy);
            TraceSummary s = new TraceSummary();
            while (it.hasNext()) {
                Tuple2<Long, byte[]> l = it.next();
                if (read(kinds, l, name)) {
                    if (kinds.kind() == EventKind.TRACE_FILE && Files.exists(included(absolute, kinds.text(Field.FILENAME)))) {
                        throw new ConvertException(name + ": byte " + l._1() + ": PajeTraceFile (a trace"
                                + " including another) is not supported by the Spark converter: convert it with paje export");
                    }
                    // (one naming a file that is not there is kept: ignored with a warning, as by the single-machine reader)
                    s.add(kinds, l._1(), l._2());

                }
            }
            return List.of(s).iterator();
        }).reduce(TraceSummary::merge);

        Trace structure = structureTrace(summary, header, name);
        try (structure) {
            int wanted = Math.min(PartKey.MAX_PARTS, options.parts() > 0 ? options.parts() : defaultParts(jsc, Files.size(trace)));
            PartPlan plan = new PartPlan(name, legacy, header, summary, structure, wanted);
            Broadcast<PartPlan> planB = jsc.broadcast(plan);
            JavaPairRDD<Long, byte[]> keyed = lines.mapPartitionsToPair(it -> new EntityLines(it, planB.value()));
            // (one shuffle; a second pass over it, if any, reuses its files)
            JavaPairRDD<Long, byte[]> byPart = PartShuffle.byPart(keyed, new PlanPartitioner(plan.parts()), jsc.getConf());
            Path staging = out.resolve(TableFiles.STAGING);
            Throwable failed = null;
            try {
                for (String table : ParquetExport.FILES) {
                    TableFiles.deleteTree(out.resolve(table));
                }
                TableFiles.deleteTree(staging);
                Files.createDirectories(staging);
                List<PartReport> reports = byPart.mapPartitions(new PartWriter(planB, staging, null, null)).collect();
                Map<Integer, List<String>> fields = userFields(reports);
                Set<Integer> redo = new HashSet<>();
                for (PartReport r : reports) {
                    for (int tag = 0; tag < r.written().size(); tag++) {
                        List<String> w = r.written().get(tag);
                        if (w != null && !w.equals(fields.getOrDefault(tag, List.of()))) {
                            redo.add(r.part());
                        }
                    }
                }
                if (!redo.isEmpty()) { // parts that did not meet every user field of their tables
                    byPart.mapPartitions(new PartWriter(planB, staging, fields, redo)).collect();
                }
                for (int tag = 0; tag < TableFiles.ENTITIES.size(); tag++) {
                    placeEntities(staging, out, tag, plan.parts(), fields.getOrDefault(tag, List.of()));
                }
                ParquetExport export = new ParquetExport(structure, TableFiles.OPTIONS);
                for (String table : List.of("containers.parquet", "types.parquet", "type_values.parquet")) {
                    Path file = TableFiles.part(out, table, 0);
                    Files.createDirectories(file.getParent());
                    try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
                        export.write(table, o);
                    }
                }
            } catch (RuntimeException | IOException | Error e) {
                failed = e;
                throw e;
            } finally {
                removeStaging(staging, failed);
                planB.destroy();
            }
        } finally {
            headerB.destroy();
        }
    }

    /** Removes the parts' staging files; a failure to remove them never hides the failure that ended the conversion. */
    private static void removeStaging(Path staging, Throwable failed) throws IOException {
        try {
            TableFiles.deleteTree(staging);
        } catch (IOException e) {
            if (failed == null) {
                throw e;
            }
            failed.addSuppressed(e);
        }
    }

    /** Moves the parts' files of entity table {@code tag} into its directory, in part order (one empty file when no part has rows). */
    private static void placeEntities(Path staging, Path out, int tag, int parts, List<String> fields) throws IOException {
        String table = TableFiles.ENTITIES.get(tag);
        Files.createDirectories(out.resolve(table));
        boolean any = false;
        for (int p = 0; p < parts; p++) {
            Path staged = TableFiles.staged(staging, p, tag);
            if (Files.exists(staged)) {
                Files.move(staged, TableFiles.part(out, table, p));
                any = true;
            }
        }
        if (!any) {
            TypeKind kind = ParquetExport.kindOf(table);
            try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(TableFiles.part(out, table, 0)));
                    ParquetWriter w = new ParquetWriter(o, ParquetExport.entityColumns(kind, fields), TableFiles.OPTIONS)) {
                // (no rows: the file says the columns)
            }
        }
    }

    /** Bytes of trace per part at most, by default: a task's lines, simulation and shuffle buffer stay a few hundred MB. */
    static final long PART_BYTES = 256L << 20;

    /** Twice the cores (a slow part does not hold the others back), and parts of at most {@link #PART_BYTES}. */
    private static int defaultParts(JavaSparkContext jsc, long bytes) {
        return (int) Math.max(Math.max(1, jsc.defaultParallelism() * 2L), (bytes + PART_BYTES - 1) / PART_BYTES);
    }

    /** The file a PajeTraceFile line names, as the single-machine reader resolves it. */
    private static Path included(String trace, String name) {
        if (name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")) {
            name = name.substring(1, name.length() - 1);
        }
        Path dir = Path.of(trace).getParent();
        return dir == null ? Path.of(name) : dir.resolve(name);
    }

    /** Reads one line into {@code kinds}; false for blank, comment and header lines. */
    static boolean read(LineKinds kinds, Tuple2<Long, byte[]> l, String name) {
        try {
            return kinds.read(l._2(), l._1());
        } catch (EventError e) {
            throw new ConvertException(name + ": byte " + l._1() + ": " + e.getMessage());
        }
    }

    /** The container tree, types and values: the structure lines and each value's first use, simulated alone. */
    private Trace structureTrace(TraceSummary summary, List<byte[]> header, String name) throws IOException {
        Path text = MiniTrace.file("structure");
        try {
            TreeMap<Long, byte[]> firstUses = summary.firstUses();
            Iterator<Map.Entry<Long, byte[]>> it = firstUses.entrySet().iterator();
            MiniTrace.write(text, header, summary.structure, new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return it.hasNext();
                }

                @Override
                public Tuple2<Long, byte[]> next() {
                    Map.Entry<Long, byte[]> e = it.next();
                    return new Tuple2<>(e.getKey(), e.getValue());
                }
            });
            // (first uses alone may leave links half made: the parts report those, with their other halves)
            TraceLoader.Loaded loaded = TraceLoader.builder().cache(CachePolicy.off()).legacyNames(options.legacyNames())
                    .ignoreIncompleteLinks(true).endAtLeast(summary.end).build().load(text);
            if (!loaded.valid()) {
                Problem p = loaded.problems().isEmpty() ? null : loaded.problems().get(0);
                throw new ConvertException(name + ": " + (p == null ? "the trace ends early"
                        : p.message() + (p.text() == null ? "" : ", in the line: " + p.text())));
            }
            return loaded.trace();
        } finally {
            MiniTrace.delete(text);
        }
    }

    /** Per entity table (tag), its user fields in the order {@code TraceWalk.userFields} gives them. */
    private static Map<Integer, List<String>> userFields(List<PartReport> reports) {
        List<PartReport.FieldSeen> seen = new ArrayList<>();
        reports.forEach(r -> seen.addAll(r.seen()));
        seen.sort(Comparator.comparingInt(PartReport.FieldSeen::container).thenComparingInt(PartReport.FieldSeen::type)
                .thenComparingInt(PartReport.FieldSeen::index));
        Map<Integer, LinkedHashSet<String>> names = new HashMap<>();
        for (PartReport.FieldSeen f : seen) {
            names.computeIfAbsent(f.tag(), k -> new LinkedHashSet<>()).add(f.name());
        }
        Map<Integer, List<String>> out = new HashMap<>();
        names.forEach((tag, n) -> out.put(tag, List.copyOf(n)));
        return out;
    }

    /** Converts a trace, or every {@code *.trace} of a directory into a folder of its own under {@code out}. */
    public void convertAll(Path input, Path out) throws IOException {
        if (!Files.isDirectory(input)) {
            convert(input, out);
            return;
        }
        List<Path> traces;
        try (var s = Files.list(input)) {
            traces = s.filter(p -> p.getFileName().toString().endsWith(".trace")).sorted().toList();
        }
        if (traces.isEmpty()) {
            throw new ConvertException(input + ": no *.trace file in this directory");
        }
        for (Path t : traces) {
            String n = t.getFileName().toString();
            convert(t, out.resolve(n.substring(0, n.length() - ".trace".length())));
        }
    }
}
