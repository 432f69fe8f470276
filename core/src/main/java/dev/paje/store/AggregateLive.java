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
 * Fed on the simulating thread only, which only logs each piece, step or drop into batches ({@link Log}); one other
 * thread applies them in that same order (the same sums, bit for bit), off the load's busiest thread.
 */
final class AggregateLive {
    /** Buckets of an accumulator: 4096 covers a 1500-pixel whole-trace view whatever the width's rounding. */
    static final int BUCKETS = 4096;
    /** The first width (1 ns): doubled as the trace grows. */
    private static final double FIRST_WIDTH = 0x1p-30;

    /** Log entries per batch: one handed over per 16 Ki pieces (~450 KB), four batches at most. */
    static final int BATCH = 1 << 14;

    /** Bucket rows ({@link #BUCKETS} doubles) still allowed (the applying thread's). */
    private long rowsLeft;
    private final Map<Long, Acc> accs = new HashMap<>();
    private final List<Feed> feeds = new ArrayList<>();
    /** The simulating thread's log of what to add, applied by another thread; null: applied at once (tests). */
    private final Log log;

    AggregateLive(long bytes) {
        this(bytes, BATCH);
    }

    /** With batches of {@code batch} entries applied on another thread, or none ({@code 0}): applied at once. */
    AggregateLive(long bytes, int batch) {
        this.rowsLeft = bytes / (8L * BUCKETS);
        this.log = batch > 0 ? new Log(batch) : null;
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

    /**
     * Ends what is still open at {@code end} (states on their stacks, variables' last steps) and waits until every
     * logged piece is added; once, at seal, after the simulating thread is done (the accumulators are then this
     * thread's to read).
     */
    void finish(double end) {
        for (Feed f : feeds) {
            f.finish(end);
        }
        feeds.clear();
        if (log != null) {
            log.drain();
        }
    }

    /** Frees the accumulators (their levels are in the file); pieces still logged are not added. */
    void drop() {
        if (log != null) {
            log.drain();
        }
        accs.clear();
    }

    /** One (container, type)'s sums per (value, bucket); variables: value 0 the integral, 1 the defined time. */
    final class Acc {
        double width = FIRST_WIDTH;
        /** 1 / width, exact (a power of two). */
        private double inverse = 1 / FIRST_WIDTH;
        double[][] sums = new double[0][];
        boolean dropped;

        /** Given up (not a stack, before the origin, over budget): built from the rows at seal. */
        void drop() {
            if (log == null) {
                dropNow();
            } else {
                log.add(this, Log.DROP, 0, 0, 0);
            }
        }

        /** A state's innermost piece {@code [a, b]} of value {@code v}: logged (added by the applying thread). */
        void piece(int v, double a, double b) {
            if (log == null) {
                addPiece(v, a, b);
            } else {
                log.add(this, Log.PIECE, v, a, b);
            }
        }

        /** A variable's step {@code [a, b]} of value {@code y}: logged (added by the applying thread). */
        void step(double a, double b, double y) {
            if (log == null) {
                addStep(a, b, y);
            } else {
                log.add(this, Log.STEP, y, a, b);
            }
        }

        private void dropNow() {
            dropped = true;
            sums = null;
        }

        private double[] row(int v) {
            if (v >= sums.length) {
                sums = java.util.Arrays.copyOf(sums, v + 1);
            }
            if (sums[v] == null) {
                if (rowsLeft <= 0) { // over budget: this one is built from the rows at seal
                    dropNow();
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

        /** Adds a state's innermost piece {@code [a, b]} of value {@code v} (as {@code AggregateBuild}'s spreadTime). */
        private void addPiece(int v, double a, double b) {
            if (dropped || v < 0 || !(b > a)) {
                return;
            }
            if (!(a >= 0)) { // before the origin: not this grid's
                dropNow();
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

        /** Adds a variable's step {@code [a, b]} of value {@code y} (as {@code AggregateBuild}'s spread). */
        private void addStep(double a, double b, double y) {
            if (dropped || !(b > a)) {
                return;
            }
            if (!(a >= 0)) {
                dropNow();
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
    }

    /** A state table's stack: the innermost pieces as {@link InnermostStack} cuts them, handed over as states close. */
    static final class StateFeed extends Feed {
        private int[] rows = new int[16];
        private int[] values = new int[16];
        private int depth;
        private double cursor = Double.NEGATIVE_INFINITY;

        StateFeed(Acc acc) {
            super(acc);
        }

        @Override
        void opened(int row, double time, int value, int level) {
            if (depth > Math.max(0, level)) { // not a stack (states left open under a new one): from the rows
                acc.drop();
                return;
            }
            if (depth > 0) {
                acc.piece(values[depth - 1], cursor, time);
            }
            cursor = time;
            if (depth == rows.length) {
                rows = java.util.Arrays.copyOf(rows, depth * 2);
                values = java.util.Arrays.copyOf(values, depth * 2);
            }
            rows[depth] = row;
            values[depth] = value;
            depth++;
        }

        @Override
        void closed(int row, double time) {
            if (depth == 0 || rows[depth - 1] != row) { // not the top one: not a stack
                acc.drop();
                return;
            }
            depth--;
            acc.piece(values[depth], cursor, time);
            cursor = Math.max(cursor, time);
        }

        @Override
        void finish(double end) {
            while (depth > 0) {
                depth--;
                acc.piece(values[depth], cursor, end);
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

        @Override
        void stepped(double from, double to, double value) {
            acc.step(from, to, value);
        }

        @Override
        void finish(double end) {
            int last = table.size() - 1;
            if (last >= 0 && Double.isNaN(table.end(last))) {
                acc.step(table.start(last), end, table.value(last));
            }
        }
    }

    /**
     * What the feeds tell the accumulators, in batches: the simulating thread writes entries (an accumulator, an
     * operation, three numbers) and hands each full batch to one applying thread, which adds them in the same order
     * (so the sums are the same bits as added at once) and gives the batch back; at most {@link #IN_FLIGHT} batches
     * exist, so a slow applier holds the writer back rather than the heap growing. The thread ends when idle.
     */
    final class Log {
        static final int PIECE = 0;
        static final int STEP = 1;
        static final int DROP = 2;
        private static final int IN_FLIGHT = 4;

        private final int size;
        private final java.util.concurrent.ArrayBlockingQueue<Batch> free;
        private final java.util.concurrent.ThreadPoolExecutor applier;
        private int made;
        private Batch current;
        /** What stopped the applier (every accumulator is then dropped), or null. */
        private volatile Throwable failure;
        private boolean drained;

        Log(int size) {
            this.size = size;
            this.free = new java.util.concurrent.ArrayBlockingQueue<>(IN_FLIGHT);
            this.applier = new java.util.concurrent.ThreadPoolExecutor(1, 1, 1, java.util.concurrent.TimeUnit.SECONDS,
                    new java.util.concurrent.LinkedBlockingQueue<>(), r -> {
                        Thread t = new Thread(r, "paje-aggregate-live");
                        t.setDaemon(true); // a load given up leaves no thread behind (and it ends when idle)
                        return t;
                    });
            applier.allowCoreThreadTimeOut(true);
        }

        /** Logs one operation on {@code acc} (the simulating thread). */
        void add(Acc acc, int op, double x, double a, double b) {
            Batch c = current;
            if (c == null) {
                c = current = take();
            }
            int i = c.n;
            c.accs[i] = acc;
            c.ops[i] = op;
            c.x[i] = x;
            c.a[i] = a;
            c.b[i] = b;
            if ((c.n = i + 1) == size) {
                current = null;
                hand(c);
            }
        }

        private Batch take() {
            Batch b = free.poll();
            if (b == null && made < IN_FLIGHT) {
                made++;
                return new Batch(size);
            }
            try {
                return b != null ? b : free.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the aggregates' accumulators", e);
            }
        }

        private void hand(Batch b) {
            applier.execute(() -> {
                try {
                    if (failure == null) {
                        b.apply();
                    }
                } catch (RuntimeException | Error e) {
                    failure = e;
                } finally {
                    b.n = 0;
                    free.add(b);
                }
            });
        }

        /** Hands the last batch over and waits until all are applied; after a failure, every accumulator is dropped. */
        void drain() {
            if (drained) {
                return;
            }
            drained = true;
            if (current != null) {
                Batch c = current;
                current = null;
                hand(c);
            }
            try {
                applier.submit(() -> { }).get(); // after every batch handed before (one thread, in order)
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while adding the aggregates' accumulators", e);
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
            applier.shutdown();
            free.clear(); // their entries hold the accumulators, freed after the seal
            if (failure != null) {
                for (Acc a : accs.values()) {
                    a.dropNow();
                }
            }
        }
    }

    /** One batch of logged operations. */
    private static final class Batch {
        final Acc[] accs;
        final int[] ops;
        final double[] x;
        final double[] a;
        final double[] b;
        int n;

        Batch(int size) {
            accs = new Acc[size];
            ops = new int[size];
            x = new double[size];
            a = new double[size];
            b = new double[size];
        }

        void apply() {
            for (int i = 0; i < n; i++) {
                Acc acc = accs[i];
                switch (ops[i]) {
                    case Log.PIECE -> acc.addPiece((int) x[i], a[i], b[i]);
                    case Log.STEP -> acc.addStep(a[i], b[i], x[i]);
                    default -> acc.dropNow();
                }
            }
        }
    }
}
