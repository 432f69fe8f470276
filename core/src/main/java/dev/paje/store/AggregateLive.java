package dev.paje.store;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The aggregates' coarse levels accumulated while the trace is written, so that a collapsed first screen needs no
 * read of the members' rows at seal ({@link AggregateBuild} takes the levels at least this coarse from here and
 * builds only the finer ones from the rows). Per (container, state or variable type), one dense accumulator of
 * {@link #BUCKETS} buckets fed by the tables of the container's <em>children</em>: a state's innermost pieces (as
 * {@link InnermostStack} cuts them, from the tables' open/close) or a variable's steps; its width, a power of two from
 * time 0, doubles (pairs of buckets merged) when the trace outgrows it, so its buckets are some level of the
 * aggregate's pyramid. Used only where those tables are all of the members (no deeper ones), the trace starts at 0
 * and the states nest as a stack; otherwise, or beyond the heap budget, the aggregate is built from the rows.
 * Fed on the simulating thread only.
 */
final class AggregateLive {
    /** Buckets of an accumulator: 4096 covers a 1500-pixel whole-trace view whatever the width's rounding. */
    static final int BUCKETS = 4096;
    /** The first width (1 ns): doubled as the trace grows. */
    private static final double FIRST_WIDTH = 0x1p-30;

    /** Bucket rows ({@link #BUCKETS} doubles) still allowed. */
    private long rowsLeft;
    private final Map<Long, Acc> accs = new HashMap<>();
    private final List<Feed> feeds = new ArrayList<>();

    AggregateLive(long bytes) {
        this.rowsLeft = bytes / (8L * BUCKETS);
    }

    /** Accumulators on an eighth of the heap at most (32 MB at 256 MB: a 64-node trace's 578 rows take 19 MB). */
    static AggregateLive forHeap() {
        return new AggregateLive(Runtime.getRuntime().maxMemory() / 8);
    }

    /** Attaches the feed of {@code table} (of {@code t} in {@code c}) to its parent's accumulator, if any. */
    void attach(Container c, Type t, EntityTable table) {
        if (c.parent() == null || (t.kind() != TypeKind.STATE && t.kind() != TypeKind.VARIABLE)) {
            return;
        }
        Acc acc = accs.computeIfAbsent(((long) c.parent().id() << 32) | t.id(), k -> new Acc());
        Feed f = table instanceof StateTable ? new StateFeed(acc) : new VariableFeed(acc, (VariableTable) table);
        table.aggregateFeed = f;
        feeds.add(f);
    }

    /** The accumulator of the members of {@code t} in {@code c}'s children, or null (none, or given up). */
    Acc of(Container c, Type t) {
        Acc a = accs.get(((long) c.id() << 32) | t.id());
        return a == null || a.dropped ? null : a;
    }

    /** Ends what is still open at {@code end} (states on their stacks, variables' last steps); once, at seal. */
    void finish(double end) {
        for (Feed f : feeds) {
            f.finish(end);
        }
        feeds.clear();
    }

    /** Frees the accumulators (their levels are in the file). */
    void drop() {
        accs.clear();
    }

    /** One (container, type)'s sums per (value, bucket); variables: value 0 the integral, 1 the defined time. */
    final class Acc {
        double width = FIRST_WIDTH;
        /** 1 / width, exact (a power of two). */
        private double inverse = 1 / FIRST_WIDTH;
        double[][] sums = new double[0][];
        boolean dropped;

        private void drop() {
            dropped = true;
            sums = null;
        }

        private double[] row(int v) {
            if (v >= sums.length) {
                sums = java.util.Arrays.copyOf(sums, v + 1);
            }
            if (sums[v] == null) {
                if (rowsLeft <= 0) { // over budget: this one is built from the rows at seal
                    drop();
                    return null;
                }
                rowsLeft--;
                sums[v] = new double[BUCKETS];
            }
            return sums[v];
        }

        /** The bucket of {@code t}, the width doubled first while the trace goes past the last bucket. */
        private int bucket(double t) {
            double x = t * inverse;
            while (x >= BUCKETS) {
                grow();
                x = t * inverse;
            }
            return (int) x;
        }

        private void grow() {
            for (double[] s : sums) {
                if (s != null) {
                    for (int i = 0; i < BUCKETS / 2; i++) {
                        s[i] = s[2 * i] + s[2 * i + 1];
                    }
                    java.util.Arrays.fill(s, BUCKETS / 2, BUCKETS, 0);
                }
            }
            width *= 2;
            inverse *= 0.5;
        }

        /** Reads value {@code v}'s bucket of time {@code t}, if it has one: a sum for {@link Feed#touch}. */
        long touch(int v, double t) {
            double[][] s = sums;
            if (s == null || v < 0 || v >= s.length || !(t >= 0)) {
                return 0;
            }
            double[] row = s[v];
            return row == null ? 0 : (long) row[(int) Math.min(t * inverse, BUCKETS - 1)];
        }

        /** A state's innermost piece {@code [a, b]} of value {@code v} (as {@code AggregateBuild}'s spreadTime). */
        void piece(int v, double a, double b) {
            if (dropped || v < 0 || !(b > a)) {
                return;
            }
            if (!(a >= 0)) { // before the origin: not this grid's
                drop();
                return;
            }
            int b1 = bucket(b);
            int b0 = bucket(a);
            double[] into = row(v);
            if (into == null) {
                return;
            }
            if (b0 == b1) {
                into[b0] += b - a;
                return;
            }
            double head = (b0 + 1) * width - a;
            if (head > 0) {
                into[b0] += head;
            }
            for (int i = b0 + 1; i < b1; i++) {
                into[i] += width;
            }
            double tail = b - b1 * width;
            if (tail > 0) {
                into[b1] += tail;
            }
        }

        /** A variable's step {@code [a, b]} of value {@code y} (as {@code AggregateBuild}'s spread). */
        void step(double a, double b, double y) {
            if (dropped || !(b > a)) {
                return;
            }
            if (!(a >= 0)) {
                drop();
                return;
            }
            int b1 = bucket(b);
            int b0 = bucket(a);
            double[] into = row(0);
            double[] time = into == null ? null : row(1);
            if (time == null) {
                return;
            }
            if (b0 == b1) {
                add(into, time, b0, b - a, y);
                return;
            }
            add(into, time, b0, (b0 + 1) * width - a, y);
            for (int i = b0 + 1; i < b1; i++) {
                into[i] += width * y;
                time[i] += width;
            }
            add(into, time, b1, b - b1 * width, y);
        }

        private static void add(double[] into, double[] time, int i, double part, double y) {
            if (part > 0) {
                into[i] += part * y;
                time[i] += part;
            }
        }
    }

    /** What a table tells its accumulator as it is written (the simulating thread). */
    abstract static class Feed {
        final Acc acc;

        Feed(Acc acc) {
            this.acc = acc;
        }

        void opened(int row, double time, int value, int level) {
        }

        void closed(int row, double time) {
        }

        void stepped(double from, double to, double value) {
        }

        abstract void finish(double end);

        /** Reads the feed's and its accumulator's fields and the bucket written next (the cache warmed before a run of writes). */
        abstract long touch();
    }

    /**
     * A state table's stack: the innermost pieces as {@link InnermostStack} cuts them, handed over as states close. The
     * two outermost levels in fields (most stacks are no deeper: one object, not three cold cache lines, per change).
     */
    static final class StateFeed extends Feed {
        private int row0;
        private int row1;
        private int value0;
        private int value1;
        /** Levels from 2 up: the row and value of level {@code 2 + i} at {@code [2i]} and {@code [2i + 1]}; null until then. */
        private int[] deeper;
        private int depth;
        private double cursor = Double.NEGATIVE_INFINITY;

        StateFeed(Acc acc) {
            super(acc);
        }

        private int row(int level) {
            return level == 0 ? row0 : level == 1 ? row1 : deeper[2 * (level - 2)];
        }

        private int value(int level) {
            return level == 0 ? value0 : level == 1 ? value1 : deeper[2 * (level - 2) + 1];
        }

        @Override
        void opened(int row, double time, int value, int level) {
            if (depth > Math.max(0, level)) { // not a stack (states left open under a new one): from the rows
                acc.drop();
                return;
            }
            if (depth > 0) {
                acc.piece(value(depth - 1), cursor, time);
            }
            cursor = time;
            if (depth == 0) {
                row0 = row;
                value0 = value;
            } else if (depth == 1) {
                row1 = row;
                value1 = value;
            } else {
                int at = 2 * (depth - 2);
                if (deeper == null || at + 1 >= deeper.length) {
                    deeper = java.util.Arrays.copyOf(deeper == null ? new int[0] : deeper,
                            Math.max(at + 2, deeper == null ? 8 : deeper.length * 2));
                }
                deeper[at] = row;
                deeper[at + 1] = value;
            }
            depth++;
        }

        @Override
        void closed(int row, double time) {
            if (depth == 0 || row(depth - 1) != row) { // not the top one: not a stack
                acc.drop();
                return;
            }
            depth--;
            acc.piece(value(depth), cursor, time);
            cursor = Math.max(cursor, time);
        }

        @Override
        long touch() {
            return depth > 0 ? acc.touch(value(depth - 1), cursor) : depth;
        }

        @Override
        void finish(double end) {
            while (depth > 0) {
                depth--;
                acc.piece(value(depth), cursor, end);
                cursor = Math.max(cursor, end);
            }
        }
    }

    /** A variable table's closed steps; its last, still open at seal, lasts to the trace's end. */
    static final class VariableFeed extends Feed {
        private final VariableTable table;

        VariableFeed(Acc acc, VariableTable table) {
            super(acc);
            this.table = table;
        }

        /** The end of the last step: where the next one starts. */
        private double last = -1;

        @Override
        void stepped(double from, double to, double value) {
            acc.step(from, to, value);
            last = to;
        }

        @Override
        long touch() {
            return acc.touch(0, last) + acc.touch(1, last);
        }

        @Override
        void finish(double end) {
            int last = table.size() - 1;
            if (last >= 0 && Double.isNaN(table.end(last))) {
                acc.step(table.start(last), end, table.value(last));
            }
        }
    }
}
