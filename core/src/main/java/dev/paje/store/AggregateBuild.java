package dev.paje.store;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Builds the {@link AggregateSummary}s of a trace at seal: for each inner container {@code c} and state or variable
 * type {@code T} whose strict descendants hold at least {@link #MIN_ROWS} rows of {@code T}. Deepest containers first,
 * those of a depth on {@code threads} workers; each (c, T) has one dense accumulator (buckets × values doubles, at most
 * {@link #DENSE} of them) filled from its members' rows read a block at a time past the block cache, or from a
 * child's aggregate already written (a root's aggregate is its nodes' summed, not every thread swept again). The
 * finest level has at most {@link #MAX_BUCKETS} buckets and is the finest whose rows, with the coarser levels', stay
 * within a {@link #ROWS_PER_ENTRY}th of the members' rows (the store grows by a few percent at most).
 */
final class AggregateBuild {
    /** Members' rows below which a container gets no aggregate (its raw sweep is cheap). */
    static final int MIN_ROWS = Pyramid.MIN_ROWS;
    /** Members' rows per aggregate row (all levels) at least. */
    static final int ROWS_PER_ENTRY = 8;
    /** Buckets of the finest level at most. */
    static final int MAX_BUCKETS = 1 << 16;
    /** Doubles of one accumulator at most (8 MB: two workers stay far below a 256 MB heap). */
    static final int DENSE = 1 << 20;

    private final Trace trace;
    private final double origin;
    private final double end;
    /** The coarse levels already written, by (container, type), or null. */
    private Early early;

    private AggregateBuild(Trace trace) {
        this.trace = trace;
        this.origin = trace.start();
        this.end = trace.end();
    }

    /** Builds every aggregate of {@code trace} into {@code file} on {@code threads} workers and hands them to their containers. */
    static void build(Trace trace, StoreFile file, int threads) throws IOException {
        build(trace, file, threads, null, null);
    }

    /**
     * {@link #build(Trace, StoreFile, int)}, the levels {@code early} published ({@link #publishCoarse}) taken as they
     * are: only the finer ones are built from the rows; each aggregate's worker runs {@code before} first, if any.
     */
    static void build(Trace trace, StoreFile file, int threads, Early early, Runnable before) throws IOException {
        if (!(trace.end() - trace.start() > 0)) {
            return;
        }
        AggregateBuild b = new AggregateBuild(trace);
        b.early = early;
        List<List<Job>> byDepth = b.jobs();
        if (byDepth.isEmpty()) {
            return;
        }
        ExecutorService workers = Workers.pool(Math.max(1, threads), "paje-aggregate");
        try {
            long[] block = null;
            for (int d = byDepth.size() - 1; d >= 0; d--) { // children before parents: a parent adds their aggregates
                // at most two per worker built and not yet written: the rows on the heap stay bounded
                ArrayDeque<Future<Built>> built = new ArrayDeque<>();
                List<Job> jobs = byDepth.get(d);
                int submitted = 0;
                for (Job j : jobs) {
                    while (submitted < jobs.size() && built.size() < 2 * Math.max(1, threads)) {
                        Job next = jobs.get(submitted++);
                        built.add(workers.submit(() -> {
                            if (before != null) {
                                before.run();
                            }
                            return b.build(next);
                        }));
                    }
                    Built onHeap = Workers.get(built.poll(), "building the aggregates");
                    if (onHeap == null) {
                        continue;
                    }
                    Rows[] rows = new Rows[onHeap.levels.length];
                    for (int k = 0; k < rows.length; k++) {
                        if (onHeap.inFile > 0 && k >= rows.length - onHeap.inFile) { // coarse levels already written
                            rows[k] = onHeap.levels[k];
                            continue;
                        }
                        int longs = onHeap.levels[k].blockLongs();
                        block = block != null && block.length == longs ? block : new long[longs];
                        rows[k] = Pyramid.copy(onHeap.levels[k], file, block);
                    }
                    j.c.putAggregate(j.type, new AggregateSummary(j.type.kind(), b.origin, b.end, onHeap.widths, rows));
                }
            }
        } finally {
            workers.shutdownNow();
        }
    }

    private record Job(Container c, Type type, long rows) {
    }

    /** Levels finest first, on the heap but for the last {@code inFile} ({@link #publishCoarse} wrote them). */
    private record Built(double[] widths, Rows[] levels, int inFile) {
        Built(double[] widths, Rows[] levels) {
            this(widths, levels, 0);
        }
    }

    /** The coarse levels of one (container, type) written early: from level {@code shift} of the finest width on. */
    private record Coarse(double finest, int shift, long[] counts, int first, double[] widths, Rows[] rows) {
        Built built() {
            return new Built(widths, rows, rows.length);
        }

        /** No finer level fits the budget, or none is finer: these are the aggregate's levels, nothing to read from the rows. */
        boolean complete() {
            return first > 0 || shift == 0;
        }
    }

    /** The coarse levels {@link #publishCoarse} wrote, by (container id, type id). */
    static final class Early {
        private final java.util.Map<Long, Coarse> coarse = new java.util.HashMap<>();

        private static long key(Container c, Type t) {
            return ((long) c.id() << 32) | t.id();
        }
    }

    /**
     * Writes, for each (container, type) whose members' rows {@code live} accumulated while the trace was written, the
     * levels at least as coarse as its accumulator, and hands them to the container ({@link Container#aggregate(Type,
     * double)}): a view whose pixels are that wide needs no row read back. The accumulators are then freed.
     */
    static Early publishCoarse(Trace trace, StoreFile file, AggregateLive live) throws IOException {
        Early out = new Early();
        if (live == null || !(trace.end() - trace.start() > 0) || trace.start() != 0) {
            if (live != null) {
                live.drop();
            }
            return out; // live buckets are from time 0: another origin's are not the pyramid's
        }
        live.finish(trace.end());
        AggregateBuild b = new AggregateBuild(trace);
        long[] block = null;
        for (List<Job> jobs : b.jobs()) {
            for (Job j : jobs) {
                AggregateLive.Acc acc = b.deepMembers(j) ? null : live.of(j.c, j.type);
                if (acc == null) {
                    continue;
                }
                boolean states = j.type.kind() == TypeKind.STATE;
                double w = b.finest(states ? Math.max(1, j.type.values().size()) : 2);
                double[][] sums = acc.sums;
                double width = acc.width;
                int n = (int) Math.min(AggregateLive.BUCKETS, Math.floor(b.end / width) + 1);
                while (width < w) { // the rows' finest level is coarser: merge to it
                    n = halve(sums, n);
                    width *= 2;
                }
                long[] counts = levelRows(states ? sums : new double[][] {sums.length > 1 ? sums[1] : null}, n);
                long budget = j.rows / ROWS_PER_ENTRY;
                int first = -1;
                long total = 0;
                for (int k = counts.length - 1; k >= 0; k--) {
                    total += counts[k];
                    if (total > budget) {
                        break;
                    }
                    first = k;
                }
                if (first < 0) {
                    continue; // none fits: the build decides from the rows
                }
                Rows[] rows = new Rows[counts.length - first];
                double[] widths = new double[rows.length];
                for (int k = 0, m = n; k < counts.length; k++) {
                    if (k >= first) {
                        widths[k - first] = Math.scalb(width, k);
                        Rows r = emit(sums, states, m);
                        int longs = r.blockLongs();
                        block = block != null && block.length == longs ? block : new long[longs];
                        rows[k - first] = Pyramid.copy(r, file, block);
                    }
                    m = halve(sums, m);
                }
                int shift = Math.getExponent(width) - Math.getExponent(w);
                Coarse c = new Coarse(w, shift, counts, first, widths, rows);
                out.coarse.put(Early.key(j.c, j.type), c);
                AggregateSummary a = new AggregateSummary(j.type.kind(), b.origin, b.end, widths, rows);
                j.c.putCoarseAggregate(j.type, a);
                if (c.complete()) { // the build takes it as it is: the aggregate itself, a reader needs no wait
                    j.c.putAggregate(j.type, a);
                }
            }
        }
        live.drop();
        return out;
    }

    /** Whether some of the job's members are not its container's children (the live accumulators hold only those). */
    private boolean deepMembers(Job job) {
        ArrayList<Container> todo = new ArrayList<>();
        for (Container k : job.c.children()) {
            todo.addAll(k.children());
        }
        while (!todo.isEmpty()) {
            Container k = todo.remove(todo.size() - 1);
            if (k.table(job.type) != null) {
                return true;
            }
            todo.addAll(k.children());
        }
        return false;
    }

    /** The finest width of an aggregate of {@code values} rows per bucket from the rows (before a child's widens it). */
    private double finest(int values) {
        double w = Pyramid.base(end - origin);
        int cap = Math.max(1, Math.min(MAX_BUCKETS, DENSE / values));
        while (buckets(w) > cap) {
            w *= 2;
        }
        return w;
    }

    /** The (container, type) pairs worth an aggregate, by container depth. */
    private List<List<Job>> jobs() {
        List<Container> cs = trace.containers();
        int[] depth = new int[cs.size()];
        for (Container c : cs) { // parents come before their children
            depth[c.id()] = c.parent() == null ? 0 : depth[c.parent().id()] + 1;
        }
        List<List<Job>> out = new ArrayList<>();
        for (Type t : trace.types()) {
            if (t.kind() != TypeKind.STATE && t.kind() != TypeKind.VARIABLE) {
                continue;
            }
            long[] below = new long[cs.size()]; // rows of t in each container's strict descendants
            for (int i = cs.size() - 1; i > 0; i--) {
                Container c = cs.get(i);
                EntityTable own = c.table(t);
                below[c.parent().id()] += below[i] + (own == null ? 0 : own.size());
            }
            for (Container c : cs) {
                if (below[c.id()] >= MIN_ROWS) {
                    while (out.size() <= depth[c.id()]) {
                        out.add(new ArrayList<>());
                    }
                    out.get(depth[c.id()]).add(new Job(c, t, below[c.id()]));
                }
            }
        }
        return out;
    }

    /** The finest bucket count of a width. */
    private int buckets(double w) {
        double n = Math.floor((end - origin) / w) + 1;
        return n > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) n;
    }

    /** Builds one aggregate on the heap, or null when none is worth it. */
    private Built build(Job job) throws IOException {
        Type t = job.type;
        boolean states = t.kind() == TypeKind.STATE;
        int values = states ? Math.max(1, t.values().size()) : 2;
        // where the members are: their tables, and the children's aggregates standing for whole subtrees
        List<EntityTable> tables = new ArrayList<>();
        List<AggregateSummary> parts = new ArrayList<>();
        ArrayList<Container> todo = new ArrayList<>(job.c.children());
        while (!todo.isEmpty()) {
            Container k = todo.remove(todo.size() - 1);
            if (k.table(t) != null) {
                tables.add(k.table(t));
            }
            AggregateSummary a = k.aggregateBuilt(t);
            if (a != null) {
                parts.add(a);
            } else {
                todo.addAll(k.children());
            }
        }
        double w = finest(values);
        for (AggregateSummary a : parts) {
            w = Math.max(w, a.width(0)); // a child's buckets fall whole into ours
        }
        Coarse coarse = early == null ? null : early.coarse.get(Early.key(job.c, t));
        if (coarse != null && (coarse.finest != w || !parts.isEmpty())) {
            coarse = null; // not the grid of these rows (cannot happen: its members are all children)
        }
        if (coarse != null && coarse.complete()) {
            return coarse.built(); // no row to read (and put as the aggregate at publish already)
        }
        Accumulator acc = new Accumulator(w, buckets(w), values);
        long[] buf = new long[EntityTable.BLOCK_ROWS * Math.max(StateTable.STRIDE, VariableTable.STRIDE)];
        for (EntityTable table : tables) {
            if (table instanceof StateTable st) {
                acc.states(st, buf);
            } else if (table instanceof VariableTable vt) {
                acc.variables(vt, buf);
            }
        }
        for (AggregateSummary a : parts) {
            acc.add(a, buf);
        }
        return acc.levels(states, job.rows / ROWS_PER_ENTRY, coarse);
    }

    /**
     * The rows of each level, finest first, of {@code n} finest buckets whose occupied ones are those {@code > 0} in
     * the {@code occupancy} rows (null: none), each coarser level by halving (bucket i of level k holds finest buckets
     * {@code i << k ..}), down to one bucket; in one pass over the finest: an occupied bucket starts a new one at levels
     * 0 up to the highest bit where it differs from the previous occupied one.
     */
    static long[] levelRows(double[][] occupancy, int n) {
        int levelCount = 1;
        for (int m = n; m > 1; m = (m + 1) / 2) {
            levelCount++;
        }
        long[] starts = new long[33];
        for (double[] s : occupancy) {
            if (s == null) {
                continue;
            }
            int prev = -1;
            for (int i = 0; i < n; i++) { // without a branch per bucket (occupied ones come and go unpredictably)
                boolean o = s[i] > 0;
                // the first occupied one (prev ^ i < 0: bit 31) starts a bucket at every level; an empty one counts in slot 32
                starts[o ? 31 - Integer.numberOfLeadingZeros(prev ^ i) : 32]++;
                prev = o ? i : prev;
            }
        }
        starts[levelCount - 1] += starts[31];
        long[] count = new long[levelCount];
        for (int k = levelCount - 1; k >= 0; k--) {
            count[k] = starts[k] + (k + 1 < levelCount ? count[k + 1] : 0);
        }
        return count;
    }

    /** The rows of the level whose {@code m} buckets {@code sums} holds now (per value; variables: integral, defined time). */
    static Rows emit(double[][] sums, boolean states, int m) {
        Rows out = new Rows(states ? AggregateSummary.STATE_STRIDE : AggregateSummary.VARIABLE_STRIDE);
        for (int i = 0; i < m; i++) {
            if (states) {
                for (int v = 0; v < sums.length; v++) {
                    if (sums[v] != null && sums[v][i] > 0) {
                        out.add(((long) i << 32) | v, Double.doubleToRawLongBits(sums[v][i]));
                    }
                }
            } else if (sums.length > 1 && sums[1] != null && sums[1][i] > 0) {
                out.add(i, Double.doubleToRawLongBits(sums[0][i]), Double.doubleToRawLongBits(sums[1][i]));
            }
        }
        out.trim();
        return out;
    }

    /** Sums pairs of {@code m} buckets: the next level's, in place; returns its bucket count. */
    static int halve(double[][] sums, int m) {
        int half = (m + 1) / 2;
        for (double[] s : sums) {
            if (s != null) {
                for (int i = 0; i < half; i++) {
                    s[i] = s[2 * i] + (2 * i + 1 < m ? s[2 * i + 1] : 0);
                }
            }
        }
        return half;
    }

    /** Dense sums per (value, bucket) of the finest level; variables: value 0 the integral, 1 the defined time. */
    private final class Accumulator implements InnermostStack.Sink {
        private final double w;
        /** 1 / w, exact (w a power of two): a product instead of a division, the same bucket. */
        private final double inverse;
        private final boolean exactInverse;
        private final int n;
        private double[][] sums;

        Accumulator(double w, int n, int values) {
            this.w = w;
            this.inverse = 1 / w;
            this.exactInverse = w == Math.scalb(1.0, Math.getExponent(w)) && Double.isFinite(inverse)
                    && inverse >= Double.MIN_NORMAL; // x / w and x * (1 / w) round the same real number then
            this.n = n;
            this.sums = new double[values][];
        }

        private double[] row(int v) {
            if (sums[v] == null) {
                sums[v] = new double[n];
            }
            return sums[v];
        }

        private int bucket(double t) {
            // floor by a cast (from 0 up; Math.floor's StrictMath call was a quarter of a sweep's profile, PixelGrid.of)
            double x = exactInverse ? (t - origin) * inverse : (t - origin) / w;
            return x < 1 ? 0 : x >= n - 1 ? n - 1 : (int) x;
        }

        void states(StateTable t, long[] buf) {
            InnermostStack stack = new InnermostStack(end, this);
            for (int b = 0; b * EntityTable.BLOCK_ROWS < t.size(); b++) {
                int m = t.scanBlock(b, buf);
                for (int j = 0; j < m; j++) {
                    stack.state(StateTable.start(buf, j), StateTable.end(buf, j), StateTable.value(buf, j),
                            StateTable.level(buf, j));
                }
            }
            stack.finish();
        }

        @Override
        public void add(int v, double a, double b) {
            if (v < 0 || !(b > a)) {
                return;
            }
            if (v >= sums.length) { // a value the type did not list yet: room for it
                sums = java.util.Arrays.copyOf(sums, v + 1);
            }
            spreadTime(row(v), a, b);
        }

        /** {@link #spread} with no time row and weight 1 (a state's piece): the same sums (x × 1 is x), fewer tests. */
        private void spreadTime(double[] into, double a, double b) {
            int b0 = bucket(a);
            int b1 = bucket(b);
            if (b0 == b1) {
                double part = b - a;
                if (part > 0) {
                    into[b0] += part;
                }
                return;
            }
            double head = origin + (b0 + 1) * w - a;
            if (head > 0) {
                into[b0] += head;
            }
            for (int i = b0 + 1; i < b1; i++) {
                into[i] += w;
            }
            double tail = b - (origin + b1 * w);
            if (tail > 0) {
                into[b1] += tail;
            }
        }

        void variables(VariableTable t, long[] buf) {
            for (int b = 0; b * EntityTable.BLOCK_ROWS < t.size(); b++) {
                int m = t.scanBlock(b, buf);
                for (int j = 0; j < m; j++) {
                    double e = VariableTable.end(buf, j);
                    spread(row(0), row(1), VariableTable.start(buf, j), Double.isNaN(e) ? end : e,
                            VariableTable.value(buf, j));
                }
            }
        }

        /** Adds the parts of {@code [a, b]} in each bucket, × {@code weight} into {@code into}, as is into {@code time}. */
        private void spread(double[] into, double[] time, double a, double b, double weight) {
            if (!(b > a)) {
                return;
            }
            int b0 = bucket(a);
            int b1 = bucket(b);
            if (b0 == b1) {
                add(into, time, b0, b - a, weight);
                return;
            }
            add(into, time, b0, origin + (b0 + 1) * w - a, weight);
            if (b1 > b0 + 1) { // whole buckets: each gets the same w × weight (w > 0), a loop the JIT vectorizes
                double whole = w * weight;
                for (int i = b0 + 1; i < b1; i++) {
                    into[i] += whole;
                }
                if (time != null) {
                    for (int i = b0 + 1; i < b1; i++) {
                        time[i] += w;
                    }
                }
            }
            add(into, time, b1, b - (origin + b1 * w), weight);
        }

        private static void add(double[] into, double[] time, int i, double part, double weight) {
            if (part > 0) {
                into[i] += part * weight;
                if (time != null) {
                    time[i] += part;
                }
            }
        }

        /** Adds a child's finest level: its buckets lie whole in ours (same origin, widths powers of two). */
        void add(AggregateSummary a, long[] buf) {
            int shift = Math.getExponent(w) - Math.getExponent(a.width(0));
            boolean states = a.kind() == TypeKind.STATE;
            for (int i = 0, rows = a.entries(0); i < rows; ) {
                int m = a.copyEntries(0, i, rows - i, buf);
                for (int j = 0; j < m; j++) {
                    int b = (int) Math.min(n - 1, a.bucket(buf, j) >> shift);
                    if (states) {
                        int v = AggregateSummary.stateValue(buf, j);
                        if (v >= sums.length) {
                            sums = java.util.Arrays.copyOf(sums, v + 1);
                        }
                        row(v)[b] += AggregateSummary.stateTime(buf, j);
                    } else {
                        row(0)[b] += AggregateSummary.integral(buf, j);
                        row(1)[b] += AggregateSummary.defined(buf, j);
                    }
                }
                i += m;
            }
        }

        /**
         * The levels, finest first, from the finest whose rows (with the coarser levels') are at most {@code budget}
         * up to one bucket; null when even that is too many.
         */
        Built levels(boolean states, long budget, Coarse coarse) {
            // a bucket has something: some time in a value, or some defined time
            long[] count = levelRows(states ? sums : new double[][] {sums[1]}, n);
            int levelCount = count.length;
            int shift = coarse == null ? levelCount : coarse.shift;
            for (int k = shift; k < levelCount; k++) { // the coarse levels' rows are the ones written
                count[k] = coarse.counts[k - shift];
            }
            int first = -1;
            long total = 0;
            for (int k = levelCount - 1; k >= 0; k--) {
                total += count[k];
                if (total > budget) {
                    break;
                }
                first = k;
            }
            if (first < 0) {
                return null;
            }
            Rows[] levels = new Rows[levelCount - first];
            double[] widths = new double[levels.length];
            int m = n;
            for (int k = 0; k < Math.min(shift, levelCount); k++) {
                if (k >= first) {
                    widths[k - first] = Math.scalb(w, k);
                    levels[k - first] = emit(sums, states, m);
                }
                m = halve(sums, m);
            }
            int inFile = 0;
            for (int k = Math.max(first, shift); k < levelCount; k++, inFile++) {
                widths[k - first] = coarse.widths[k - shift - coarse.first];
                levels[k - first] = coarse.rows[k - shift - coarse.first];
            }
            return new Built(widths, levels, inFile);
        }
    }
}
