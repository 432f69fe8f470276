package dev.paje.read;

import dev.paje.bench.Rate;
import dev.paje.bench.SyntheticTrace;
import dev.paje.sim.SimOptions;
import dev.paje.sim.Simulator;
import dev.paje.store.Container;
import dev.paje.store.Names;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import dev.paje.bench.ThroughputBenchmark;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The simulator alone ({@link Simulator}): a synthetic trace ({@link SyntheticTrace}) is read once
 * per trial by {@link TraceReader} into a {@link Recorder} that keeps every call the reader makes
 * to its sink, in order; each operation replays them all into a fresh simulator and finishes it.
 * Entity events of the fast path are replayed from primitive columns; lines of the general path
 * ({@code event(def, line)}: definitions of types and values, containers) are re-scanned from
 * their saved text into a {@link Line}, as the reader does for them. The names table of the read
 * is shared by all replays (the ids of the fast path refer to it), so the simulator finds its
 * names there instead of adding them.
 *
 * <p>This class is in package {@code dev.paje.read} (of the bench module) to build {@code Line}s.
 * The primary score is simulations of the whole trace per second; the secondary scores are
 * {@code events}, event lines simulated per second, and {@code mb}, the same rate in MB (10^6 bytes)
 * of the trace text they came from (for comparison with the load and tokenizer rates).
 */
public class SimulatorBenchmark extends ThroughputBenchmark {
    private static final String FILE = "synthetic.trace";
    private static final EventKind[] KINDS = EventKind.values();

    /** Size of the trace in MB (10^6 bytes). */
    @Param("20")
    public int sizeMb;

    private Recorder calls;
    private Names names;
    private SyntheticTrace.Stats stats;
    private final Line line = new Line();


    @Setup(Level.Trial)
    public void record() throws IOException {
        Path file = Files.createTempFile("paje-bench-", ".trace");
        Simulator original;
        try {
            stats = SyntheticTrace.write(file, sizeMb * 1_000_000L, 42);
            names = new Names();
            // The recorder also feeds a real simulator: it checks the trace and fills the names
            // table as a load does, so that every replay finds the same names.
            original = new Simulator(SimOptions.defaults(), new Diagnostics(true, 1), names);
            calls = new Recorder(original);
            new TraceReader(ReadOptions.defaults(), calls, new Diagnostics(true, 1), names, 2, null).read(file);
        } finally {
            Files.deleteIfExists(file);
        }
        calls.trim();
        // Fail here, not in the measurements, if a replay does not simulate what the read did.
        String expected = summary(original.trace());
        String replayed = summary(replay());
        if (!expected.equals(replayed)) {
            throw new IllegalStateException("the replay differs from the read: " + replayed + " instead of " + expected);
        }
        System.out.printf("%n# synthetic trace: %d bytes, %d event lines; recorded %d entity, %d user field and %d"
                + " general-path calls; %s%n", stats.bytes(), stats.eventLines(), calls.entities, calls.users,
                calls.lines, expected);
    }

    @Benchmark
    public Trace simulate(Rate rate) {
        Trace trace = replay();
        rate.mb += stats.bytes() / 1e6;
        rate.events += calls.entities + calls.lines;
        return trace;
    }

    private Trace replay() {
        Recorder r = calls;
        Simulator sim = new Simulator(SimOptions.defaults(), new Diagnostics(true, 1), names);
        sim.file(FILE);
        Line l = line;
        l.buf = r.text;
        l.file = FILE;
        int e = 0;
        int u = 0;
        int d = 0;
        byte[] ops = r.ops;
        Names.View keys = r.keyNames.view();
        for (int i = 0, n = r.opCount; i < n; i++) {
            switch (ops[i]) {
                case Recorder.ENTITY -> {
                    sim.entity(r.line[e], KINDS[r.kind[e]], r.time[e], r.type[e], r.container[e], r.value[e],
                            r.number[e], r.other[e], keys.arena(), r.key[e] < 0 ? -1 : keys.offsets()[r.key[e]],
                            r.key[e] < 0 ? -1 : keys.offsets()[r.key[e] + 1]);
                    e++;
                }
                case Recorder.USER -> {
                    sim.userField(KINDS[r.userKind[u]], r.fieldNames.get(r.userName[u]), r.userValue[u]);
                    u++;
                }
                default -> {
                    int from = r.textFrom[d];
                    int to = r.textFrom[d + 1];
                    LineScanner.scan(r.text, from, to, l);
                    l.lineStart = from;
                    l.lineEnd = to;
                    l.number = r.lineNumber[d];
                    sim.event(r.definition[d], l);
                    d++;
                }
            }
        }
        sim.finish();
        return sim.trace();
    }

    /** Containers and rows of each kind: what a replay must reproduce. */
    private static String summary(Trace t) {
        long[] rows = new long[4];
        for (Container c : t.containers()) {
            for (Type type : t.types()) {
                Object table = c.table(type);
                if (table instanceof dev.paje.store.StateTable s) {
                    rows[0] += s.size();
                } else if (table instanceof dev.paje.store.EventTable ev) {
                    rows[1] += ev.size();
                } else if (table instanceof dev.paje.store.VariableTable v) {
                    rows[2] += v.size();
                } else if (table instanceof dev.paje.store.LinkTable k) {
                    rows[3] += k.size();
                }
            }
        }
        return t.containers().size() + " containers, " + rows[0] + " states, " + rows[1] + " events, "
                + rows[2] + " variable steps, " + rows[3] + " links, time " + t.start() + " to " + t.end();
    }

    /**
     * An {@link EventSink} that keeps every call, in order, and passes it on: entity events and user
     * fields in primitive columns, general-path lines as their text and definition.
     */
    static final class Recorder implements EventSink {
        /** Link keys of the recorded events (interned here only, to replay them as bytes). */
        final Names keyNames = new Names();
        static final byte ENTITY = 0;
        static final byte USER = 1;
        static final byte LINE = 2;

        private final EventSink next;
        byte[] ops = new byte[1 << 16];
        int opCount;

        int entities;
        long[] line = new long[1 << 16];
        byte[] kind = new byte[1 << 16];
        double[] time = new double[1 << 16];
        int[] type = new int[1 << 16];
        int[] container = new int[1 << 16];
        int[] value = new int[1 << 16];
        double[] number = new double[1 << 16];
        int[] other = new int[1 << 16];
        int[] key = new int[1 << 16];

        int users;
        byte[] userKind = new byte[1 << 10];
        int[] userName = new int[1 << 10];
        int[] userValue = new int[1 << 10];
        final List<String> fieldNames = new ArrayList<>();

        int lines;
        EventDefinition[] definition = new EventDefinition[1 << 10];
        long[] lineNumber = new long[1 << 10];
        /** Line {@code d} is {@code text[textFrom[d], textFrom[d + 1])}. */
        int[] textFrom = new int[(1 << 10) + 1];
        byte[] text = new byte[1 << 16];

        Recorder(EventSink next) {
            this.next = next;
        }

        private void op(byte op) {
            if (opCount == ops.length) {
                ops = Arrays.copyOf(ops, opCount * 2);
            }
            ops[opCount++] = op;
        }

        @Override
        public void event(EventDefinition def, Line l) {
            op(LINE);
            if (lines == definition.length) {
                definition = Arrays.copyOf(definition, lines * 2);
                lineNumber = Arrays.copyOf(lineNumber, lines * 2);
                textFrom = Arrays.copyOf(textFrom, lines * 2 + 1);
            }
            int from = textFrom[lines];
            int n = l.lineEnd - l.lineStart;
            if (from + n > text.length) {
                text = Arrays.copyOf(text, Math.max(text.length * 2, from + n));
            }
            System.arraycopy(l.buf, l.lineStart, text, from, n);
            definition[lines] = def;
            lineNumber[lines] = l.number;
            textFrom[++lines] = from + n;
            next.event(def, l);
        }

        @Override
        public void entity(long ln, EventKind k, double t, int ty, int c, int v, double num, int o, byte[] keyBuf,
                int keyFrom, int keyTo) {
            int ky = keyFrom < 0 ? -1 : keyNames.intern(keyBuf, keyFrom, keyTo);
            op(ENTITY);
            if (entities == line.length) {
                int n = entities * 2;
                line = Arrays.copyOf(line, n);
                kind = Arrays.copyOf(kind, n);
                time = Arrays.copyOf(time, n);
                type = Arrays.copyOf(type, n);
                container = Arrays.copyOf(container, n);
                value = Arrays.copyOf(value, n);
                number = Arrays.copyOf(number, n);
                other = Arrays.copyOf(other, n);
                key = Arrays.copyOf(key, n);
            }
            int i = entities++;
            line[i] = ln;
            kind[i] = (byte) k.ordinal();
            time[i] = t;
            type[i] = ty;
            container[i] = c;
            value[i] = v;
            number[i] = num;
            other[i] = o;
            key[i] = ky;
            next.entity(ln, k, t, ty, c, v, num, o, keyBuf, keyFrom, keyTo);
        }

        @Override
        public void userField(EventKind k, String name, int valueId) {
            op(USER);
            if (users == userKind.length) {
                int n = users * 2;
                userKind = Arrays.copyOf(userKind, n);
                userName = Arrays.copyOf(userName, n);
                userValue = Arrays.copyOf(userValue, n);
            }
            int f = fieldNames.indexOf(name);
            if (f < 0) {
                f = fieldNames.size();
                fieldNames.add(name);
            }
            int i = users++;
            userKind[i] = (byte) k.ordinal();
            userName[i] = f;
            userValue[i] = valueId;
            next.userField(k, name, valueId);
        }

        @Override
        public void finish() {
            next.finish();
        }

        /** Drops the spare capacity. */
        void trim() {
            ops = Arrays.copyOf(ops, opCount);
            text = Arrays.copyOf(text, textFrom[lines]);
        }
    }
}
