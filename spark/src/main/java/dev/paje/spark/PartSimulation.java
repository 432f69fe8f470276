package dev.paje.spark;

import dev.paje.CachePolicy;
import dev.paje.TraceLoader;
import dev.paje.export.ParquetExport;
import dev.paje.export.TraceWalk;
import dev.paje.export.parquet.ParquetOptions;
import dev.paje.read.Problem;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.UserColumns;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import scala.Tuple2;

/**
 * Simulates one part of the trace alone (its containers' lines with every structure line, {@link
 * MiniTrace}) with the single-machine simulator and store, then walks the part's containers as the
 * Parquet export does. Out come tagged rows: {@link #META} rows saying where each user field was first
 * met, then the entity rows, table after table ({@link #TABLES}). The walk runs in a thread of its own
 * feeding a bounded queue, so a part's rows never sit in memory all at once.
 */
final class PartSimulation implements FlatMapFunction<Iterator<Tuple2<PartOffset, byte[]>>, Tuple2<Integer, Row>> {
    private static final long serialVersionUID = 1L;
    /** The entity tables, by tag. */
    static final List<String> TABLES = List.of("states.parquet", "events.parquet", "links.parquet", "variables.parquet");
    /** Tag of the rows (kind tag, field, container id, type position, position in the table's fields). */
    static final int META = 9;
    private static final Object END = new Object();

    private final Broadcast<PartPlan> plan;

    PartSimulation(Broadcast<PartPlan> plan) {
        this.plan = plan;
    }

    @Override
    public Iterator<Tuple2<Integer, Row>> call(Iterator<Tuple2<PartOffset, byte[]>> lines) throws Exception {
        if (!lines.hasNext()) {
            return List.<Tuple2<Integer, Row>>of().iterator();
        }
        PartPlan p = plan.value();
        int part = TaskContext.getPartitionId();
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
                    Tuple2<PartOffset, byte[]> l = lines.next();
                    return new Tuple2<>(l._1().offset(), l._2());
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
        Trace trace = loaded.trace();
        List<Container> mine = mine(trace, p, part);
        BlockingQueue<Object> queue = new ArrayBlockingQueue<>(4096);
        for (Row meta : meta(trace, mine)) {
            queue.put(new Tuple2<>(META, meta));
        }
        Thread walker = new Thread(() -> walk(trace, mine, queue), "paje-spark-part-" + part);
        walker.setDaemon(true);
        walker.start();
        TaskContext task = TaskContext.get();
        if (task != null) {
            task.addTaskCompletionListener((org.apache.spark.util.TaskCompletionListener) ctx -> walker.interrupt());
        }
        return new QueueIterator(queue);
    }

    /** The part's containers, in depth-first order. */
    private static List<Container> mine(Trace trace, PartPlan p, int part) {
        List<Container> order = TraceWalk.preorder(trace);
        return order.subList(p.first[part], p.first[part + 1]);
    }

    /** Where each user field is first met in the part, in {@link TraceWalk#userFields}' walk. */
    private static List<Row> meta(Trace trace, List<Container> mine) {
        List<Container> byId = new ArrayList<>(mine);
        byId.sort((a, b) -> Integer.compare(a.id(), b.id()));
        List<Row> out = new ArrayList<>();
        List<Type> types = trace.types();
        for (Container c : byId) {
            for (int t = 0; t < types.size(); t++) {
                EntityTable table = types.get(t).kind() == TypeKind.CONTAINER ? null : c.table(types.get(t));
                UserColumns user = table == null ? null : table.userOrNull();
                if (user != null) {
                    int i = 0;
                    for (String name : user.names()) {
                        out.add(RowFactory.create(tag(types.get(t).kind()), name, c.id(), t, i++));
                    }
                }
            }
        }
        return out;
    }

    static int tag(TypeKind kind) {
        return switch (kind) {
            case STATE -> 0;
            case EVENT -> 1;
            case LINK -> 2;
            case VARIABLE -> 3;
            case CONTAINER -> throw new IllegalArgumentException("containers are not entities");
        };
    }

    private static void walk(Trace trace, List<Container> mine, BlockingQueue<Object> queue) {
        try (trace) {
            ParquetExport export = new ParquetExport(trace, ParquetOptions.DEFAULT);
            for (int tag = 0; tag < TABLES.size(); tag++) {
                TypeKind kind = ParquetExport.kindOf(TABLES.get(tag));
                List<String> fields = TraceWalk.userFields(trace, kind);
                Integer boxed = tag;
                RowCollector rows = new RowCollector(ParquetExport.standardColumns(kind).size(), fields, row -> {
                    try {
                        queue.put(new Tuple2<>(boxed, row));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("the task ended", e);
                    }
                });
                export.entities(rows, kind, mine);
            }
            queue.put(END);
        } catch (Throwable e) {
            queue.offer(e); // the task may have ended: then nobody reads it
        }
    }

    /** The walker's rows, until its end mark; its failure is rethrown here, in the task's thread. */
    private static final class QueueIterator implements Iterator<Tuple2<Integer, Row>> {
        private final BlockingQueue<Object> queue;
        private Object next;

        QueueIterator(BlockingQueue<Object> queue) {
            this.queue = queue;
        }

        @Override
        public boolean hasNext() {
            if (next == null) {
                try {
                    next = queue.take();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while reading a part's rows", e);
                }
            }
            if (next instanceof Throwable t) {
                throw t instanceof RuntimeException r ? r : new IllegalStateException(t);
            }
            return next != END;
        }

        @Override
        @SuppressWarnings("unchecked")
        public Tuple2<Integer, Row> next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Object n = next;
            next = null;
            return (Tuple2<Integer, Row>) n;
        }
    }
}
