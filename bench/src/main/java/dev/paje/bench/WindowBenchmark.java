package dev.paje.bench;

import dev.paje.TraceLoader;
import dev.paje.query.Window;
import dev.paje.store.Container;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntConsumer;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Time-window queries ({@link Window}) on a loaded synthetic trace ({@link SyntheticTrace}, loaded once
 * per trial): one operation queries one window in every table of one kind (states, events, variables
 * or links) of every container, as a viewer drawing that window does. The windows are
 * {@value #WINDOWS} random ones, fixed per trial (seeded), used in turn; {@code zoom} is how many
 * times narrower than the whole trace they are: 1 (the whole trace), 100 or 10000.
 *
 * <p>The primary score is windows per second; the secondary score {@code rows} is the rows returned
 * per second (rows per window = rows / primary score).
 */
public class WindowBenchmark extends ThroughputBenchmark {
    static final int WINDOWS = 1024;

    /** Size of the trace in MB (10^6 bytes). */
    @Param("20")
    public int sizeMb;

    /** The window is 1/zoom of the trace's time span. */
    @Param({"1", "100", "10000"})
    public int zoom;

    private StateTable[] states;
    private EventTable[] events;
    private VariableTable[] variables;
    private LinkTable[] links;
    private final double[] windowStart = new double[WINDOWS];
    private final double[] windowEnd = new double[WINDOWS];

    /** Per-iteration counter of rows returned, reported by JMH as a rate; and the next window to query. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Rows implements IntConsumer {
        /** Rows returned. */
        public long rows;
        int next;
        long sink;

        @Setup(Level.Iteration)
        public void reset() {
            rows = 0;
        }

        @Override
        public void accept(int row) {
            rows++;
            sink += row;
        }
    }

    @Setup(Level.Trial)
    public void load() throws IOException {
        Path file = Files.createTempFile("paje-bench-", ".trace");
        Trace trace;
        try {
            SyntheticTrace.write(file, sizeMb * 1_000_000L, 42);
            TraceLoader.Loaded loaded = TraceLoader.builder().build().load(file);
            if (!loaded.valid()) {
                throw new IllegalStateException("the synthetic trace does not load: " + loaded.problems());
            }
            trace = loaded.trace();
        } finally {
            Files.deleteIfExists(file);
        }
        List<StateTable> s = new ArrayList<>();
        List<EventTable> e = new ArrayList<>();
        List<VariableTable> v = new ArrayList<>();
        List<LinkTable> l = new ArrayList<>();
        long[] rows = new long[4];
        for (Container c : trace.containers()) {
            for (Type type : trace.types()) {
                Object table = c.table(type);
                if (table instanceof StateTable t) {
                    s.add(t);
                    rows[0] += t.size();
                } else if (table instanceof EventTable t) {
                    e.add(t);
                    rows[1] += t.size();
                } else if (table instanceof VariableTable t) {
                    v.add(t);
                    rows[2] += t.size();
                } else if (table instanceof LinkTable t) {
                    l.add(t);
                    rows[3] += t.completeCount();
                }
            }
        }
        states = s.toArray(StateTable[]::new);
        events = e.toArray(EventTable[]::new);
        variables = v.toArray(VariableTable[]::new);
        links = l.toArray(LinkTable[]::new);
        double start = trace.start();
        double span = trace.end() - start;
        double width = span / zoom;
        SplittableRandom rng = new SplittableRandom(7);
        for (int i = 0; i < WINDOWS; i++) {
            double from = zoom == 1 ? start : start + rng.nextDouble() * (span - width);
            windowStart[i] = from;
            windowEnd[i] = from + width;
        }
        System.out.printf("%n# synthetic trace: %.6f s to %.6f s, %d containers; tables (rows): %d state (%d), %d event"
                + " (%d), %d variable (%d), %d link (%d); windows of %.9f s%n", start, trace.end(),
                trace.containers().size(), states.length, rows[0], events.length, rows[1], variables.length, rows[2],
                links.length, rows[3], width);
    }

    /** One query of one kind of table, as {@link Window}'s methods are. */
    @FunctionalInterface
    private interface Query<T> {
        void rows(T table, double start, double end, IntConsumer out);
    }

    /** One operation: the next window in turn queried in every table of one kind, rows counted in {@code r}. */
    private <T> long queryAll(T[] tables, Rows r, Query<T> query) {
        int w = r.next++ & (WINDOWS - 1);
        double from = windowStart[w];
        double to = windowEnd[w];
        for (T t : tables) {
            query.rows(t, from, to, r);
        }
        return r.sink;
    }

    @Benchmark
    public long states(Rows r) {
        return queryAll(states, r, Window::states);
    }

    @Benchmark
    public long events(Rows r) {
        return queryAll(events, r, Window::events);
    }

    @Benchmark
    public long variables(Rows r) {
        return queryAll(variables, r, Window::variables);
    }

    @Benchmark
    public long links(Rows r) {
        return queryAll(links, r, Window::links);
    }
}
