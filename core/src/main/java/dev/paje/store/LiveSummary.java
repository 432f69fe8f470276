package dev.paje.store;

import java.util.Arrays;

/**
 * A table's {@link Pyramid} built while the simulator writes the table (no second pass over the
 * store): each entity is summarized once, when it ends, into level 0 only; a coarser level is fed
 * the buckets of the level below as they are emitted (bucket {@code b} of level k is part of bucket
 * {@code b >> 1} of level k+1), plus the entities at least a bucket of the finer level long (not in
 * its buckets). So a row costs one bucket update, whatever the number of levels.
 *
 * <p>The trace's duration is unknown while reading: the builder starts when the table reaches
 * {@link Pyramid#MIN_ROWS} rows (it replays them from the table) and chooses the level-0 width from
 * their density (a power of two holding {@code perBucket} rows on average), its origin at the first
 * row; a level is added whenever the table's time passes the coarsest width, so the coarsest is one
 * bucket. {@link #finish} keeps the levels {@link Pyramid#build} would for those widths.
 *
 * <p>Entities end in time order per table (the simulator checks it), and an entity shorter than a
 * bucket of width w ends less than w after its start: so at time T no bucket before
 * {@code bucketOf(T) - 1} can receive anything, and buckets before {@code bucketOf(T) - 2} are
 * emitted, in order. A few buckets per level are open at a time.
 */
abstract class LiveSummary {
    private static final int MAX_LEVELS = 60;

    final Pyramid.Kind kind;
    final StoreFile file;
    /** The heap the staged level rows of the store's summaries share. */
    final StageBudget budget;
    final int perBucket;
    /** At seal: the level rows are kept in whole blocks on the heap for the file's writer ({@link AtSeal}); else null. */
    BlockRecycler recycler;
    /** Rows of the table at which to try starting (doubled while the rows span no time). */
    private int startAt = Pyramid.MIN_ROWS;
    boolean started;
    double origin;
    /** Level widths; grown with the levels (thousands of builders: not 60 slots each up front). */
    double[] w = new double[8];
    /**
     * 1 / w: the widths are powers of two, so {@code (t - origin) * inv[k]} is exactly {@code (t - origin) / w[k]}
     * (the same real number, rounded once), without a division per row.
     */
    double[] inv = new double[8];
    int levels;
    /** Levels from this one up cannot be built (a bucket with too many values, rows out of order). */
    int failedFrom = MAX_LEVELS;
    private RowStage[] out = new RowStage[8];
    private RowStage[] longs = new RowStage[8];
    private Open[] open = new Open[8];
    /** The most buckets open at once in a level (bounded: tests check it). */
    int mostOpen;
    /** The time at which {@link #slow} has something to do: emit a bucket, add a level, decide an open entity. */
    private double nextCheck = Double.NEGATIVE_INFINITY;

    LiveSummary(Pyramid.Kind kind, StoreFile file, StageBudget budget, int perBucket) {
        // perBucket: rows per level-0 bucket on average in the first rows
        this.kind = kind;
        this.file = file;
        this.budget = budget;
        this.perBucket = perBucket;
    }

    /** A builder for {@code table}'s summary, written into {@code file}, with a budget of its own that never sheds. */
    static LiveSummary of(EntityTable table, StoreFile file) {
        return of(table, file, new StageBudget(Long.MAX_VALUE));
    }

    /**
     * A builder for {@code table}'s summary, written into {@code file}, its staged rows in {@code budget};
     * null for kinds without one (links).
     */
    static LiveSummary of(EntityTable table, StoreFile file, StageBudget budget) {
        Pyramid.Kind kind = Pyramid.Kind.of(table);
        return kind == null ? null : switch (kind) {
            case STATE -> new LiveStates(file, budget);
            case VARIABLE -> new LiveVariable(file, budget, Pyramid.MIN_PER_BUCKET);
            case EVENT -> new LiveEvents(file, budget);
        };
    }

    // ---- starting

    /** Whether the table, now {@code rows} long, should start: then the caller replays its rows. */
    final boolean due(int rows) {
        return rows >= startAt;
    }

    /**
     * Starts with the first row at {@code first} and row {@code n - 1} at {@code last}; false (and a
     * later try) when they span no time.
     */
    final boolean start(double first, double last, int n) {
        double span = last - first;
        if (!(span > 0) || Double.isInfinite(span)) {
            startAt = n >= Integer.MAX_VALUE / 2 ? Integer.MAX_VALUE : n * 2;
            return false;
        }
        double w0 = perBucket * span / n;
        startAt(first, Math.scalb(1.0, Math.getExponent(w0) + (w0 == Math.scalb(1.0, Math.getExponent(w0)) ? 0 : 1)));
        return true;
    }

    /** Starts with level 0 of width {@code w0} (a power of two) from {@code origin}. */
    final void startAt(double origin, double w0) {
        if (!(w0 > 0) || Math.scalb(1.0, Math.getExponent(w0)) != w0) {
            throw new IllegalArgumentException("a level width must be a power of two: " + w0);
        }
        this.origin = origin;
        w[0] = w0;
        inv[0] = 1 / w0;
        levels = 1;
        open[0] = new Open();
        started = true;
        nextCheck = origin + w[0];
    }

    /**
     * The summary of {@code table}, complete, for a trace spanning {@code [start, end]}: {@link Pyramid#build}'s
     * levels (origin {@code start}, the widths it would build), but each row read once and summarized once, into
     * the first level where it is short; coarser levels are fed the finer one's buckets. Built on the heap
     * (null: no level worth it, or a kind without summaries).
     */
    static Pyramid build(EntityTable table, double start, double end, int minPerBucket) {
        LiveSummary b = fed(table, start, end, minPerBucket, null);
        return b == null ? null : b.finish(table, end, minPerBucket);
    }

    /**
     * {@link #build}'s levels kept on the heap in whole blocks whose arrays come from {@code recycler}, for one
     * thread (the file's writer) to copy into the store while others build ({@link SummaryBuild}); null when
     * {@link #build} gives null.
     */
    static AtSeal buildAtSeal(EntityTable table, double start, double end, int minPerBucket, BlockRecycler recycler) {
        LiveSummary b = fed(table, start, end, minPerBucket, recycler);
        if (b == null) {
            return null;
        }
        int[] kept = b.finishLevels(table, end, minPerBucket);
        if (kept == null) {
            b.release(new int[0]);
            return null;
        }
        AtSeal s = new AtSeal(b, end, kept);
        b.release(kept);
        return s;
    }

    /** A builder for {@code table} fed every row (null: no level worth it, or a kind without summaries). */
    private static LiveSummary fed(EntityTable table, double start, double end, int minPerBucket, BlockRecycler recycler) {
        Pyramid.Kind kind = Pyramid.Kind.of(table);
        int n = table.size();
        if (kind == null || n == 0) {
            return null;
        }
        java.util.List<Double> widths = Pyramid.widths(n, start, end, table.rows.getDouble(0, 0), minPerBucket);
        if (widths.isEmpty()) {
            return null;
        }
        StageBudget own = new StageBudget(Long.MAX_VALUE);
        LiveSummary b = switch (kind) {
            case STATE -> new LiveStates(null, own);
            case VARIABLE -> new LiveVariable(null, own, minPerBucket);
            case EVENT -> new LiveEvents(null, own);
        };
        b.recycler = recycler;
        b.startAt(start, widths.get(0));
        b.feedAll(table, end);
        return b;
    }

    /** A summary built at seal, its level rows on the heap in whole blocks until {@link #writeTo} copies them. */
    static final class AtSeal {
        private final Pyramid.Kind kind;
        private final double origin;
        private final double end;
        private final double[] widths;
        private final RowStage[] buckets;
        private final RowStage[] longs;

        private AtSeal(LiveSummary b, double end, int[] kept) {
            this.kind = b.kind;
            this.origin = b.origin;
            this.end = end;
            int m = kept.length;
            widths = new double[m];
            buckets = new RowStage[m];
            longs = kind.longStride() == 0 ? null : new RowStage[m];
            for (int i = 0; i < m; i++) {
                widths[i] = b.w[kept[i]];
                buckets[i] = b.rows(b.out, kept[i], kind.bucketStride());
                if (longs != null) {
                    longs[i] = b.rows(b.longs, kept[i], kind.longStride());
                }
            }
        }

        /** Rows of the buckets and long lists of every level kept. */
        long rows() {
            long n = 0;
            for (int i = 0; i < buckets.length; i++) {
                n += buckets[i].size() + (longs == null ? 0 : longs[i].size());
            }
            return n;
        }

        /** Not written after all (timing): the block arrays go back to the recycler. */
        void release() {
            for (int i = 0; i < buckets.length; i++) {
                buckets[i].release();
                if (longs != null) {
                    longs[i].release();
                }
            }
        }

        /** The summary, its rows copied into {@code file} a block at a time (by the file's writing thread). */
        Pyramid writeTo(StoreFile file) {
            return writeTo(file, null);
        }

        /**
         * {@link #writeTo(StoreFile)}, but the levels {@code early} already wrote ({@link VariableLiveCoarse}: the same
         * width and as many rows) are its rows, not written again.
         */
        Pyramid writeTo(StoreFile file, Pyramid early) {
            Rows[] b = new Rows[buckets.length];
            Rows[] l = longs == null ? null : new Rows[longs.length];
            for (int i = 0; i < b.length; i++) {
                int k = early == null ? -1 : early.levelOf(widths[i]);
                if (k >= 0 && l != null && early.entries(k) == buckets[i].size() && early.longCount(k) == longs[i].size()) {
                    b[i] = early.buckets[k];
                    l[i] = early.longs[k];
                    buckets[i].release();
                    longs[i].release();
                    continue;
                }
                b[i] = buckets[i].writeTo(file);
                if (l != null) {
                    l[i] = longs[i].writeTo(file);
                }
            }
            return kind.summary(new Pyramid.Levels(origin, end, widths, b, l));
        }
    }

    /** A keeping builder's stages of the levels not in {@code kept} give their arrays back. */
    private void release(int[] kept) {
        for (int k = 0; k < out.length; k++) {
            if (Arrays.binarySearch(kept, k) < 0) {
                if (out[k] != null) {
                    out[k].release();
                }
                if (longs[k] != null) {
                    longs[k].release();
                }
            }
        }
    }

    /** Feeds every row of {@code table} (started, complete) in the order the writer's hooks would, but the still open ones. */
    abstract void feedAll(EntityTable table, double end);

    // ---- time

    /** Time {@code t} has come in this table: emits the buckets nothing can reach any more, adds levels. */
    final void tick(double t) {
        if (t >= nextCheck) {
            slow(t);
        }
    }

    private void slow(double t) {
        addLevels(t);
        int top = Math.min(levels, failedFrom);
        for (int k = 0; k < top; k++) {
            Open o = open[k];
            if (t >= o.due) { // only then can its oldest bucket go
                long below = bucketOf(k, t) - 2;
                if (o.n > 0 && o.b[0].index < below) {
                    evict(k, below);
                }
                o.due = o.n == 0 ? Double.POSITIVE_INFINITY : origin + (o.b[0].index + 3) * w[k];
            }
        }
        decide(t);
        double next = levels < MAX_LEVELS ? origin + w[levels - 1] : Double.POSITIVE_INFINITY;
        top = Math.min(levels, failedFrom);
        for (int k = 0; k < top; k++) {
            next = Math.min(next, open[k].due);
        }
        nextCheck = Math.min(next, nextDecision());
    }

    /** Adds the levels up to the first of one bucket at time {@code t}. */
    final void addLevels(double t) {
        while (levels < MAX_LEVELS && t - origin >= w[levels - 1]) {
            if (levels == w.length) {
                int m = Math.min(MAX_LEVELS, levels * 2);
                w = Arrays.copyOf(w, m);
                inv = Arrays.copyOf(inv, m);
                out = Arrays.copyOf(out, m);
                longs = Arrays.copyOf(longs, m);
                open = Arrays.copyOf(open, m);
            }
            w[levels] = w[levels - 1] * 2;
            inv[levels] = inv[levels - 1] / 2;
            open[levels] = new Open();
            levels++;
        }
    }

    /** Lowers the next check to {@code t} (an open entity to decide then). */
    final void checkAt(double t) {
        if (t < nextCheck) {
            nextCheck = t;
        }
    }

    /** Emits the long entities still open that are now known to be long (states); nothing by default. */
    void decide(double t) {
    }

    /** When {@link #decide} will have something to do. */
    double nextDecision() {
        return Double.POSITIVE_INFINITY;
    }

    final long bucketOf(int k, double t) {
        double x = (t - origin) * inv[k];
        long b = (long) x; // Math.floor's value, without its call (not an intrinsic here: a tenth of the seal's build)
        return x < b ? b - 1 : b;
    }

    final double bucketStart(int k, long b) {
        return origin + b * w[k];
    }

    /** No level from {@code k} up can be built. */
    final void fail(int k) {
        failedFrom = Math.min(failedFrom, k);
    }

    // ---- buckets

    /** A new, empty bucket of this kind. */
    abstract Bucket newBucket();

    /** One bucket being filled: its index and what the kind sums in it. */
    abstract static class Bucket {
        long index;

        abstract void clear();

        /** Appends the bucket's rows to {@code out}. */
        abstract void write(RowStage out);

        /** Adds this bucket (of a finer level) into {@code parent}; false when it does not fit. */
        abstract boolean into(Bucket parent);
    }

    /** The open buckets of one level, in index order. */
    private static final class Open {
        Bucket[] b = new Bucket[2];
        int n;
        Bucket[] spare = new Bucket[2];
        int spares;
        long emitted = Long.MIN_VALUE;
        /** When the oldest bucket may be emitted (a lower bound: then {@link #slow} looks). */
        double due = Double.POSITIVE_INFINITY;
    }

    /** Bucket {@code b} of level {@code k}, opened if needed; null when that level is not being built. */
    final Bucket bucket(int k, long b) {
        if (k >= failedFrom) {
            return null;
        }
        Open o = open[k];
        if (b < o.emitted) {
            fail(k); // a row out of time order: the level cannot be right
            return null;
        }
        int i = o.n;
        while (i > 0 && o.b[i - 1].index > b) {
            i--;
        }
        if (i > 0 && o.b[i - 1].index == b) {
            return o.b[i - 1];
        }
        Bucket k0 = o.spares > 0 ? o.spare[--o.spares] : newBucket();
        k0.clear();
        k0.index = b;
        if (o.n == o.b.length) {
            o.b = Arrays.copyOf(o.b, o.n * 2);
        }
        System.arraycopy(o.b, i, o.b, i + 1, o.n - i);
        o.b[i] = k0;
        o.n++;
        mostOpen = Math.max(mostOpen, o.n);
        double due = origin + (b + 3) * w[k];
        if (due < o.due) {
            o.due = due;
            checkAt(due);
        }
        return k0;
    }

    /** Emits level {@code k}'s buckets before {@code below}, each into its parent too. */
    private void evict(int k, long below) {
        Open o = open[k];
        int m = 0;
        while (m < o.n && o.b[m].index < below) {
            m++;
        }
        for (int i = 0; i < m; i++) {
            Bucket c = o.b[i];
            if (k < failedFrom) {
                c.write(rows(out, k, kind.bucketStride()));
                if (k + 1 < levels) {
                    Bucket p = bucket(k + 1, c.index >> 1);
                    if (p != null && !c.into(p)) {
                        fail(k + 1);
                    }
                }
            }
            if (o.spares == o.spare.length) {
                o.spare = Arrays.copyOf(o.spare, o.spares * 2);
            }
            o.spare[o.spares++] = c;
            o.b[i] = null;
        }
        System.arraycopy(o.b, m, o.b, 0, o.n - m);
        Arrays.fill(o.b, o.n - m, o.n, null);
        o.n -= m;
        o.emitted = Math.max(o.emitted, below);
    }

    private RowStage rows(RowStage[] at, int k, int stride) {
        RowStage r = at[k];
        if (r == null) {
            r = recycler != null ? new RowStage(stride, recycler) : new RowStage(stride, file, budget);
            at[k] = r;
        }
        return r;
    }

    /** Appends an entity at least a bucket of level {@code k} long to its long list; returns its row there. */
    final int addLong(int k, double s, double e, long field, int row) {
        RowStage l = rows(longs, k, kind.longStride());
        int r = l.add();
        l.setDouble(r, 0, s);
        l.setDouble(r, 1, e);
        l.set(r, 2, field);
        l.set(r, 3, row);
        return r;
    }

    /** Sets the end of row {@code r} of level {@code k}'s long list (an entity that was open when listed). */
    final void endLong(int k, int r, double e) {
        longs[k].setDouble(r, 1, e);
    }

    // ---- finishing

    /** Ends what the table left open at the trace's {@code end} (as {@link Pyramid#build} does). */
    abstract void closeAll(EntityTable table, double end);

    /**
     * The summary of {@code table} ({@code n} rows) for a trace ending at {@code end}, with levels holding
     * at least {@code minPerBucket} rows per bucket on average and cheaper than half the rows; null when none is.
     */
    final Pyramid finish(EntityTable table, double end, int minPerBucket) {
        int[] kept = finishLevels(table, end, minPerBucket);
        if (kept == null) {
            return null;
        }
        int m = kept.length;
        double[] widths = new double[m];
        Rows[] b = new Rows[m];
        Rows[] l = kind.longStride() == 0 ? null : new Rows[m];
        for (int i = 0; i < m; i++) {
            int k = kept[i];
            widths[i] = w[k];
            b[i] = rows(out, k, kind.bucketStride()).rows();
            if (l != null) {
                l[i] = rows(longs, k, kind.longStride()).rows();
            }
        }
        return kind.summary(new Pyramid.Levels(origin, end, widths, b, l));
    }

    /**
     * Ends the table at {@code end} and emits every bucket; the levels worth keeping, finest first (null: none):
     * dense and cheap, as {@link Pyramid#build} keeps them.
     */
    private int[] finishLevels(EntityTable table, double end, int minPerBucket) {
        if (!started || !(end >= origin)) {
            return null;
        }
        tick(Math.max(end, origin));
        closeAll(table, end);
        for (int k = 0; k < Math.min(levels, failedFrom); k++) {
            evict(k, Long.MAX_VALUE);
        }
        int n = table.size();
        double span = end - origin;
        int to = Math.min(levels, failedFrom);
        int[] kept = new int[to];
        int m = 0;
        for (int k = 0; k < to && span > 0; k++) { // each level as Pyramid.build keeps it: dense and cheap
            long cost = (long) size(out[k]) + size(longs[k]);
            boolean dense = (double) n * Math.min(w[k], span) / span >= minPerBucket;
            if (dense && cost * 2 <= n) {
                kept[m++] = k;
            }
        }
        return m == 0 ? null : Arrays.copyOf(kept, m);
    }

    /** This builder is abandoned (another replaces it): its staged rows go, their heap back to the budget. */
    final void drop() {
        for (int k = 0; k < out.length; k++) {
            if (out[k] != null) {
                out[k].drop();
            }
            if (longs[k] != null) {
                longs[k].drop();
            }
        }
    }

    private static int size(RowStage r) {
        return r == null ? 0 : r.size();
    }
}
