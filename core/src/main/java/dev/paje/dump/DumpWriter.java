package dev.paje.dump;

import dev.paje.query.Window;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.EntityValue;
import dev.paje.store.EventTable;
import dev.paje.store.Workers;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.UserColumns;
import dev.paje.store.VariableTable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Prints a trace in {@code pj_dump}'s line format: one line per container and entity, fields
 * separated by {@code ", "}, names (never aliases), times as {@code %.6f}. Containers are
 * formatted on all cores into byte buffers, written in order.
 *
 * <p>HOT PATH: one line per entity of the trace. Names are encoded to bytes once; numbers are
 * formatted without {@code String.format}.
 */
public final class DumpWriter {
    /** The kinds of lines; {@link #write(Trace, Map)} sends each to its own stream ({@code pj_dump_csv}). */
    public enum Kind {
        CONTAINER("Container, Parent, Type, Start, End, Duration, Name"),
        STATE("State, Container, Type, Start, End, Duration, Imbrication, Value"),
        EVENT("Event, Container, Type, Time, Value"),
        VARIABLE("Variable, Container, Type, Start, End, Duration, Value"),
        LINK("Link, Container, Type, Start, End, Duration, Value, StartContainer, EndContainer, Key");

        final String header;

        Kind(String header) {
            this.header = header;
        }
    }

    private static final byte[] SEP = {',', ' '};

    private final DumpOptions options;
    private final int threads;

    public DumpWriter(DumpOptions options) {
        this(options, Runtime.getRuntime().availableProcessors());
    }

    public DumpWriter(DumpOptions options, int threads) {
        this.options = options;
        this.threads = options.header() ? 1 : Math.max(1, threads); // headers follow the order of lines
    }

    /** Writes the dump as text (for tests and small traces). */
    public void write(Trace trace, Writer out) throws IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        write(trace, bytes);
        out.write(bytes.toString(StandardCharsets.UTF_8));
        out.flush();
    }

    public void write(Trace trace, OutputStream out) throws IOException {
        OutputStream[] targets = new OutputStream[Kind.values().length];
        java.util.Arrays.fill(targets, out);
        write(trace, targets);
    }

    /**
     * Writes each kind of line to its own stream, in the same order as {@link #write(Trace, OutputStream)}
     * ({@code pj_dump_csv}'s five files); every kind must have a stream.
     */
    public void write(Trace trace, Map<Kind, OutputStream> outs) throws IOException {
        OutputStream[] targets = new OutputStream[Kind.values().length];
        for (Kind k : Kind.values()) {
            targets[k.ordinal()] = java.util.Objects.requireNonNull(outs.get(k), k.name());
        }
        write(trace, targets);
    }

    private void write(Trace trace, OutputStream[] targets) throws IOException {
        PajeOrder pj = new PajeOrder(trace);
        Names names = new Names(trace);
        List<Task> tasks = tasks(pj, pj.containers(trace));
        if (threads == 1) {
            Formatter f = new Formatter(trace, names, targets);
            for (Task task : tasks) {
                task.run(f);
                if (f.size() > 1 << 20) {
                    f.writeTo(targets);
                }
            }
            f.writeTo(targets);
        } else {
            parallel(trace, names, tasks, targets);
        }
        for (OutputStream o : distinct(targets)) {
            o.flush();
        }
    }

    /** The streams of {@code targets}, each once (all kinds may share one). */
    private static List<OutputStream> distinct(OutputStream[] targets) {
        List<OutputStream> out = new ArrayList<>();
        for (OutputStream o : targets) {
            if (out.stream().noneMatch(x -> x == o)) {
                out.add(o);
            }
        }
        return out;
    }

    /** Rows per task: the text of a task is held in memory until its turn to be written. */
    private static final int TASK_ROWS = 16_384;

    /**
     * A part of the dump: container {@code order[from]} from table {@code firstTable} row
     * {@code firstRow}, to container {@code order[to]} before table {@code lastTable} row {@code lastRow}.
     * Tasks cut large tables into row ranges, so that memory does not grow with the trace.
     */
    private record Part(Container container, Type type, int from, int to, boolean header, LinkOrder links) {
    }

    /**
     * A link table's rows in completion order, computed once by whichever part needs it first.
     * PajeNG appends a link to its container when its second half arrives, and pj_dump prints them so.
     */
    private static final class LinkOrder {
        private final LinkTable table;
        private int[] rows;

        LinkOrder(LinkTable table) {
            this.table = table;
        }

        synchronized int[] rows() {
            if (rows == null) {
                rows = table.rowsByCompletion();
            }
            return rows;
        }
    }

    private record Task(List<Part> parts) {
        void run(Formatter f) {
            for (Part p : parts) {
                f.part(p);
            }
        }
    }

    private List<Task> tasks(PajeOrder pj, List<Container> order) {
        List<Task> tasks = new ArrayList<>();
        List<Part> parts = new ArrayList<>();
        long rows = 0;
        for (Container c : order) {
            parts.add(new Part(c, null, 0, 0, true, null));
            rows++;
            for (Type t : pj.entityTypes(c.type())) {
                EntityTable table = c.table(t);
                if (table == null) {
                    continue;
                }
                // links are cut by completion rank (pj_dump's order); only complete ones are printed
                int n = table instanceof LinkTable l ? l.completeCount() : table.size();
                LinkOrder linkOrder = table instanceof LinkTable l ? new LinkOrder(l) : null;
                // -i flattens a table with a stack that runs through it: kept whole
                int step = table instanceof StateTable && !options.imbrication() ? Math.max(1, n) : TASK_ROWS;
                for (int lo = 0; lo < n || lo == 0; lo += step) {
                    int hi = (int) Math.min(n, (long) lo + step);
                    parts.add(new Part(c, t, lo, hi, false, linkOrder));
                    rows += hi - lo;
                    if (rows >= TASK_ROWS) {
                        tasks.add(new Task(parts));
                        parts = new ArrayList<>();
                        rows = 0;
                    }
                    if (n == 0) {
                        break;
                    }
                }
            }
        }
        if (!parts.isEmpty()) {
            tasks.add(new Task(parts));
        }
        return tasks;
    }

    private void parallel(Trace trace, Names names, List<Task> tasks, OutputStream[] targets) throws IOException {
        ExecutorService pool = Workers.pool(threads, "paje-dump");
        try {
            Deque<Future<Formatter>> pending = new ArrayDeque<>();
            int next = 0;
            while (next < tasks.size() || !pending.isEmpty()) {
                while (next < tasks.size() && pending.size() < threads * 4) {
                    Task task = tasks.get(next++);
                    pending.addLast(pool.submit(() -> {
                        Formatter f = new Formatter(trace, names, targets);
                        task.run(f);
                        return f;
                    }));
                }
                Workers.get(pending.removeFirst(), "dumping").writeTo(targets);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Names of containers, types and values, encoded once. */
    private static final class Names {
        final byte[][] containers;
        final byte[][] types;
        /** By type id, then value index: a row's value is two array reads, not a map lookup. */
        final byte[][][] values;

        Names(Trace trace) {
            containers = new byte[trace.containers().size()][];
            for (Container c : trace.containers()) {
                containers[c.id()] = utf8(c.name());
            }
            types = new byte[trace.types().size()][];
            values = new byte[types.length][][];
            for (Type t : trace.types()) {
                types[t.id()] = utf8(t.name());
                List<EntityValue> all = t.values();
                values[t.id()] = new byte[all.size()][];
                for (int k = 0; k < all.size(); k++) {
                    values[t.id()][k] = utf8(all.get(k).name());
                }
            }
        }

        private static byte[] utf8(String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
    }

    /** Formats containers into its own buffer; one per task. */
    private final class Formatter {
        final Trace trace;
        final Names names;
        /** One buffer per kind of line; kinds written to the same stream share one. */
        final ByteSink[] sinks = new ByteSink[Kind.values().length];
        /** The buffer of the line being formatted. */
        ByteSink out;
        final Set<Kind> headed = EnumSet.noneOf(Kind.class);
        /** The last end {@link #span} wrote, and its text (length 0: none, or too long to keep). */
        private long endBits;
        private final byte[] endText = new byte[40];
        private int endLength;
        private final byte[][] levels = new byte[16][];
        /** A block of rows at a time ({@link Window#stateRows}): fields read from one copy, not looked up one by one. */
        private final long[] rows = new long[EntityTable.BLOCK_ROWS * StateTable.STRIDE];

        Formatter(Trace trace, Names names, OutputStream[] targets) {
            this.trace = trace;
            this.names = names;
            for (int k = 0; k < sinks.length; k++) {
                for (int j = 0; j < k && sinks[k] == null; j++) {
                    if (targets[j] == targets[k]) {
                        sinks[k] = sinks[j];
                    }
                }
                if (sinks[k] == null) {
                    sinks[k] = new ByteSink(k == 0 ? 1 << 16 : 1 << 12);
                }
            }
            out = sinks[0];
        }

        long size() {
            long n = 0;
            for (int k = 0; k < sinks.length; k++) {
                n += k > 0 && sinks[k] == sinks[k - 1] ? 0 : sinks[k].size();
            }
            return n;
        }

        /** Writes and empties each buffer into its stream. */
        void writeTo(OutputStream[] targets) throws IOException {
            for (int k = 0; k < sinks.length; k++) {
                if (sinks[k].size() > 0) {
                    sinks[k].writeTo(targets[k]);
                    sinks[k].clear();
                }
            }
        }

        private void head(Kind kind) {
            out = sinks[kind.ordinal()];
            if (options.header() && headed.add(kind)) {
                out.append(kind.header).append('\n');
            }
        }

        void part(Part p) {
            if (p.header()) {
                container(p.container());
                return;
            }
            Container c = p.container();
            Type t = p.type();
            Object table = c.table(t);
            if (table instanceof StateTable s) {
                if (options.imbrication()) {
                    Window.stateRows(s, options.start(), options.end(), p.from(), p.to(), rows,
                            (i, start, end, value, level) -> state(c, t, s, i, start, end, value, level));
                } else {
                    flatStates(c, t, s);
                }
            } else if (table instanceof EventTable e) {
                events(c, t, e, p.from(), p.to());
            } else if (table instanceof VariableTable v) {
                variables(c, t, v, p.from(), p.to());
            } else if (table instanceof LinkTable l) {
                links(c, t, l, p.links().rows(), p.from(), p.to());
            }
        }

        void container(Container c) {
            head(Kind.CONTAINER);
            out.append(CONTAINER).append(c.parent() == null ? ROOT : names.containers[c.parent().id()]).append(SEP)
                    .append(names.types[c.type().id()]).append(SEP);
            CFormat.general(out, c.start());
            out.append(SEP);
            CFormat.general(out, c.end());
            out.append(SEP);
            CFormat.general(out, c.end() - c.start());
            out.append(SEP).append(names.containers[c.id()]);
            if (options.userDefined()) {
                for (String v : c.user().values()) {
                    out.append(SEP).append(v);
                }
            }
            out.append('\n');
        }

        private boolean outside(double start, double end) {
            return end < options.start() || start > options.end();
        }

        private void begin(byte[] kind, Container c, Type t) {
            out.append(kind).append(names.containers[c.id()]).append(SEP).append(names.types[t.id()]);
        }

        /** The start of a line for an entity over {@code [start, end]}: its kind, container and type, start, end and duration. */
        private void span(Kind kind, byte[] label, Container c, Type t, double start, double end) {
            head(kind);
            begin(label, c, t);
            out.append(SEP);
            if (Double.doubleToRawLongBits(start) == endBits && endLength > 0) {
                out.append(endText, endLength); // a step function's or a run of states' start is the last end
            } else {
                CFormat.fixed(out, start, options.precision());
            }
            out.append(SEP);
            int from = out.size();
            CFormat.fixed(out, end, options.precision());
            endLength = out.size() - from <= endText.length ? out.copyFrom(from, endText) : 0;
            endBits = Double.doubleToRawLongBits(end);
            time(end - start);
        }

        private void time(double x) {
            out.append(SEP);
            CFormat.fixed(out, x, options.precision());
        }

        /** A state's nesting level as a time: the first levels' text made once. */
        private void level(int level) {
            if (level < 0 || level >= levels.length) {
                time(level);
                return;
            }
            if (levels[level] == null) {
                levels[level] = CFormat.fixed(level, options.precision()).getBytes(StandardCharsets.US_ASCII);
            }
            out.append(SEP).append(levels[level]);
        }

        private void user(UserColumns user, int row) {
            if (options.userDefined() && user != null) {
                for (String name : user.names()) {
                    int v = user.get(row, name);
                    if (v >= 0) {
                        out.append(SEP).append(trace.name(v));
                    }
                }
            }
        }

        private void state(Container c, Type t, StateTable s, int row, double start, double end) {
            state(c, t, s, row, start, end, s.value(row), s.level(row));
        }

        private void state(Container c, Type t, StateTable s, int row, double start, double end, int value, int level) {
            if (outside(start, end)) {
                return;
            }
            span(Kind.STATE, STATE, c, t, start, end);
            level(level);
            out.append(SEP).append(names.values[t.id()][value]);
            user(s.userOrNull(), row);
            out.append('\n');
        }

        /**
         * {@code -i}: each state minus the time of the states pushed over it, so that at most one
         * state per type is printed at any time. Rows come in start order with their nesting level.
         */
        private void flatStates(Container c, Type t, StateTable s) {
            int[] rows = new int[16];
            double[] cursor = new double[16];
            int depth = 0;
            for (int i = 0; i < s.size(); i++) {
                int level = s.level(i);
                while (depth > level) {
                    depth--;
                    piece(c, t, s, rows[depth], cursor[depth], s.end(rows[depth]));
                }
                if (depth > 0) {
                    piece(c, t, s, rows[depth - 1], cursor[depth - 1], s.start(i));
                    cursor[depth - 1] = s.end(i);
                }
                if (depth == rows.length) {
                    rows = java.util.Arrays.copyOf(rows, depth * 2);
                    cursor = java.util.Arrays.copyOf(cursor, depth * 2);
                }
                rows[depth] = i;
                cursor[depth] = s.start(i);
                depth++;
            }
            while (depth > 0) {
                depth--;
                piece(c, t, s, rows[depth], cursor[depth], s.end(rows[depth]));
            }
        }

        private void piece(Container c, Type t, StateTable s, int row, double from, double to) {
            boolean instant = s.start(row) == s.end(row) && from == s.start(row);
            if (to > from || instant) {
                state(c, t, s, row, from, to);
            }
        }

        private void events(Container c, Type t, EventTable e, int lo, int hi) {
            Window.events(e, options.start(), options.end(), lo, hi, i -> {
                double time = e.time(i);
                head(Kind.EVENT);
                begin(EVENT, c, t);
                time(time);
                out.append(SEP).append(names.values[t.id()][e.value(i)]);
                user(e.userOrNull(), i);
                out.append('\n');
            });
        }

        private void variables(Container c, Type t, VariableTable v, int lo, int hi) {
            Window.variableRows(v, options.start(), options.end(), lo, hi, rows, (i, start, end, value) -> {
                span(Kind.VARIABLE, VARIABLE, c, t, start, end);
                time(value);
                user(v.userOrNull(), i);
                out.append('\n');
            });
        }

        /** Links of completion ranks {@code [lo, hi)} (rows {@code byRank[lo..hi)}) within the window. */
        private void links(Container c, Type t, LinkTable l, int[] byRank, int lo, int hi) {
            for (int k = lo; k < hi; k++) {
                int i = byRank[k];
                double start = l.start(i);
                double end = l.end(i);
                if (outside(start, end)) {
                    continue;
                }
                span(Kind.LINK, LINK, c, t, start, end);
                out.append(SEP).append(names.values[t.id()][l.value(i)])
                        .append(SEP).append(names.containers[l.from(i)])
                        .append(SEP).append(names.containers[l.to(i)])
                        .append(SEP).append(l.key(i));
                user(l.userOrNull(), i);
                out.append('\n');
            }
        }
    }

    private static final byte[] CONTAINER = "Container, ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ROOT = {'0'};
    private static final byte[] STATE = "State, ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] EVENT = "Event, ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] VARIABLE = "Variable, ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] LINK = "Link, ".getBytes(StandardCharsets.US_ASCII);

}
