package dev.paje.spark;

import dev.paje.CachePolicy;
import dev.paje.TraceLoader;
import dev.paje.export.ParquetExport;
import dev.paje.export.TraceWalk;
import dev.paje.export.parquet.ParquetWriter;
import dev.paje.read.Problem;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.UserColumns;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.broadcast.Broadcast;
import scala.Tuple2;

/**
 * Simulates one part of the trace alone (its containers' lines with every structure line, {@link
 * MiniTrace}) with the single-machine simulator and store, then writes the part's rows of each entity
 * table straight to a Parquet file of its own ({@link TableFiles#staged}) with the single-machine
 * export's writer. The first pass ({@code fields} null) writes each file with the user fields the part
 * met and reports them ({@link PartReport}); a part whose fields turn out to differ from the whole
 * trace's is written again by a second pass given those ({@code fields}, only the parts in {@code redo}).
 */
final class PartWriter implements FlatMapFunction<Iterator<Tuple2<Long, byte[]>>, PartReport> {
    private static final long serialVersionUID = 1L;

    private final Broadcast<PartPlan> plan;
    private final String staging;
    private final Map<Integer, List<String>> fields;
    private final Set<Integer> redo;

    /** {@code fields} and {@code redo} null: the first pass, every part with its own fields. */
    PartWriter(Broadcast<PartPlan> plan, Path staging, Map<Integer, List<String>> fields, Set<Integer> redo) {
        this.plan = plan;
        this.staging = staging.toString(); // (a Path is not serializable)
        this.fields = fields;
        this.redo = redo;
    }

    @Override
    public Iterator<PartReport> call(Iterator<Tuple2<Long, byte[]>> lines) throws Exception {
        int part = TaskContext.getPartitionId();
        if (!lines.hasNext() || (redo != null && !redo.contains(part))) {
            return List.<PartReport>of().iterator();
        }
        PartPlan p = plan.value();
        try (Trace trace = simulate(p, part, lines)) {
            List<Container> mine = TraceWalk.preorder(trace).subList(p.first[part], p.first[part + 1]);
            ParquetExport export = new ParquetExport(trace, TableFiles.OPTIONS);
            List<List<String>> written = new ArrayList<>();
            for (int tag = 0; tag < TableFiles.ENTITIES.size(); tag++) {
                TypeKind kind = ParquetExport.kindOf(TableFiles.ENTITIES.get(tag));
                List<String> f = fields == null ? TraceWalk.userFields(trace, kind) : fields.getOrDefault(tag, List.of());
                written.add(hasRows(trace, mine, kind) ? write(export, kind, mine, f, TableFiles.staged(Path.of(staging), part, tag)) : null);
            }
            return List.of(new PartReport(part, meta(trace, mine), written)).iterator();
        }
    }

    /** The part's trace: the header, the structure and the part's lines, simulated. */
    private static Trace simulate(PartPlan p, int part, Iterator<Tuple2<Long, byte[]>> lines) throws IOException {
        Path text = MiniTrace.file("part" + part);
        TraceLoader.Loaded loaded;
        try {
            MiniTrace.write(text, p.header, p.structure, new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return lines.hasNext();
                }

                @Override
                public Tuple2<Long, byte[]> next() {
                    Tuple2<Long, byte[]> l = lines.next();
                    return new Tuple2<>(PartKey.offset(l._1()), l._2());
                }
            });
            loaded = TraceLoader.builder().cache(CachePolicy.off()).legacyNames(p.legacyNames).endAtLeast(p.end)
                    .threads(1).build().load(text);
        } finally {
            MiniTrace.delete(text);
        }
        if (!loaded.valid()) {
            Problem first = loaded.problems().isEmpty() ? null : loaded.problems().get(0);
            throw new ConvertException(p.traceName + ": " + (first == null ? "the trace ends early"
                    : first.message() + (first.text() == null ? "" : ", in the line: " + first.text())));
        }
        return loaded.trace();
    }

    private static boolean hasRows(Trace trace, List<Container> mine, TypeKind kind) {
        for (Container c : mine) {
            for (Type t : trace.types()) {
                EntityTable table = t.kind() == kind ? c.table(t) : null;
                if (table != null && table.size() > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Writes the {@code kind} rows of {@code mine} to {@code file} (through a temporary name: a retried task replaces it). */
    private static List<String> write(ParquetExport export, TypeKind kind, List<Container> mine, List<String> fields,
            Path file) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp" + TaskContext.get().taskAttemptId());
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16);
                ParquetWriter w = new ParquetWriter(out, ParquetExport.entityColumns(kind, fields), TableFiles.OPTIONS)) {
            export.entities(w, kind, mine, fields);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return List.copyOf(fields);
    }

    /** Where each user field is first met in the part, in {@link TraceWalk#userFields}' walk. */
    private static List<PartReport.FieldSeen> meta(Trace trace, List<Container> mine) {
        List<Container> byId = new ArrayList<>(mine);
        byId.sort((a, b) -> Integer.compare(a.id(), b.id()));
        List<PartReport.FieldSeen> out = new ArrayList<>();
        List<Type> types = trace.types();
        for (Container c : byId) {
            for (int t = 0; t < types.size(); t++) {
                EntityTable table = types.get(t).kind() == TypeKind.CONTAINER ? null : c.table(types.get(t));
                UserColumns user = table == null ? null : table.userOrNull();
                if (user != null) {
                    int i = 0;
                    for (String name : user.names()) {
                        out.add(new PartReport.FieldSeen(TableFiles.tag(types.get(t).kind()), name, c.id(), t, i++));
                    }
                }
            }
        }
        return out;
    }
}
