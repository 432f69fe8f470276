package dev.paje.spark;

import dev.paje.CachePolicy;
import dev.paje.TraceLoader;
import dev.paje.export.ParquetExport;
import dev.paje.export.parquet.Column;
import dev.paje.read.EventError;
import dev.paje.read.EventKind;
import dev.paje.read.Field;
import dev.paje.read.Problem;
import dev.paje.store.Trace;
import dev.paje.store.TypeKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * A Pajé trace as paje's Parquet tables (docs/parquet.md), on Spark. The file is split at newlines;
 * one pass gathers the header, the structure (definitions, containers), the trace's end, first uses of
 * values and entity lines per container; the driver simulates the structure alone (container tree,
 * types, values); entity lines are then grouped by container into parts of consecutive containers,
 * each part simulated alone by the single-machine simulator (links pair within their container, so a
 * part holds both halves) and walked as the Parquet export walks the store. Rows are the same as
 * {@code paje export -f parquet}'s; each table is a directory of part files, in the table's order.
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
            int wanted = options.parts() > 0 ? options.parts() : Math.max(1, jsc.defaultParallelism() * 2);
            PartPlan plan = new PartPlan(name, legacy, header, summary, structure, wanted);
            Broadcast<PartPlan> planB = jsc.broadcast(plan);
            JavaPairRDD<PartOffset, byte[]> keyed = lines.mapPartitionsToPair(it -> {
                PartPlan p = planB.value();
                LineKinds kinds = new LineKinds(p.header, p.legacyNames);
                List<Tuple2<PartOffset, byte[]>> out2 = new ArrayList<>();
                while (it.hasNext()) {
                    Tuple2<Long, byte[]> l = it.next();
                    if (read(kinds, l, p.traceName) && kinds.kind().entity()) {
                        out2.add(new Tuple2<>(new PartOffset(p.part(kinds.text(Field.CONTAINER)), l._1()), l._2()));
                    }
                }
                return out2.iterator();
            });
            JavaRDD<Tuple2<Integer, Row>> tagged = keyed
                    .repartitionAndSortWithinPartitions(new PlanPartitioner(plan.parts()))
                    .mapPartitions(new PartSimulation(planB))
                    .persist(StorageLevel.DISK_ONLY());
            try {
                Map<Integer, List<String>> fields = userFields(tagged);
                Files.createDirectories(out);
                for (int tag = 0; tag < PartSimulation.TABLES.size(); tag++) {
                    writeEntities(tagged, tag, fields.getOrDefault(tag, List.of()), out);
                }
                ParquetExport export = new ParquetExport(structure, dev.paje.export.parquet.ParquetOptions.DEFAULT);
                for (String table : List.of("containers.parquet", "types.parquet", "type_values.parquet")) {
                    List<Row> rows = new ArrayList<>();
                    export.rows(table, new RowCollector(export.columns(table).size(), null, rows::add));
                    spark.createDataFrame(rows, schema(export.columns(table))).coalesce(1)
                            .write().mode(SaveMode.Overwrite).parquet(out.resolve(table).toString());
                }
            } finally {
                tagged.unpersist(false);
                planB.destroy();
            }
        } finally {
            headerB.destroy();
        }
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
    private static boolean read(LineKinds kinds, Tuple2<Long, byte[]> l, String name) {
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
    private static Map<Integer, List<String>> userFields(JavaRDD<Tuple2<Integer, Row>> tagged) {
        List<Row> meta = tagged.filter(t -> t._1() == PartSimulation.META).map(Tuple2::_2).collect();
        Map<Integer, Map<String, long[]>> first = new HashMap<>();
        for (Row r : meta) {
            long[] key = {r.getInt(2), r.getInt(3), r.getInt(4)};
            first.computeIfAbsent(r.getInt(0), k -> new HashMap<>()).merge(r.getString(1), key,
                    (a, b) -> Arrays.compare(a, b) <= 0 ? a : b);
        }
        Map<Integer, List<String>> out = new HashMap<>();
        first.forEach((tag, names) -> {
            List<Map.Entry<String, long[]>> e = new ArrayList<>(names.entrySet());
            e.sort((a, b) -> Arrays.compare(a.getValue(), b.getValue()));
            out.put(tag, e.stream().map(Map.Entry::getKey).toList());
        });
        return out;
    }

    private void writeEntities(JavaRDD<Tuple2<Integer, Row>> tagged, int tag, List<String> fields, Path out) {
        String table = PartSimulation.TABLES.get(tag);
        TypeKind kind = ParquetExport.kindOf(table);
        List<Column> standard = ParquetExport.standardColumns(kind);
        StructType withMap = schema(standard).add("__user", DataTypes.createMapType(DataTypes.StringType,
                DataTypes.StringType), true);
        JavaRDD<Row> rows = tagged.filter(t -> t._1() == tag).map(Tuple2::_2);
        Dataset<Row> df = spark.createDataFrame(rows, withMap);
        List<Column> columns = ParquetExport.entityColumns(kind, fields);
        org.apache.spark.sql.Column[] select = new org.apache.spark.sql.Column[columns.size()];
        for (int i = 0; i < columns.size(); i++) {
            select[i] = i < standard.size() ? df.col(quote(standard.get(i).name()))
                    : df.col("__user").getItem(fields.get(i - standard.size())).as(columns.get(i).name());
        }
        df.select(select).write().mode(SaveMode.Overwrite).parquet(out.resolve(table).toString());
    }

    /** A column name as Spark's col() reads it (names with dots are quoted). */
    private static String quote(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    static StructType schema(List<Column> columns) {
        List<StructField> fields = new ArrayList<>();
        for (Column c : columns) {
            DataType type = switch (c.type()) {
                case INT -> DataTypes.IntegerType;
                case DOUBLE -> DataTypes.DoubleType;
                case STRING -> DataTypes.StringType;
            };
            fields.add(DataTypes.createStructField(c.name(), type, c.optional()));
        }
        return DataTypes.createStructType(fields);
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
