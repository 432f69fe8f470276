package dev.paje.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A pyramid of summaries of one state table, for zoomed-out views: per level {@code k}, time buckets
 * {@code [origin + b·w, origin + (b+1)·w)} of width {@code w = base·2^k}, each holding the time of
 * every (nesting level, value) of the states <em>shorter than w</em>, clipped to the bucket (a
 * zero-length state is present with no time). States at least {@code w} long are kept aside, copied
 * whole in start order (the level's <em>long list</em>): a sampler whose pixel spans at least one
 * bucket reads the long list (the states it draws exactly, and the few between a bucket and a pixel
 * long) and the buckets, never the table's rows.
 *
 * <p>Both are {@link Rows} in the table's home (the store file, read through the block cache):
 * buckets as one row per (bucket, nesting level, value) in bucket order, stride 3
 * {@code [bucket, level << 32 | value, time]}; long lists stride 4
 * {@code [start, end, value << 32 | level, row]} (ends of open states are the trace's end).
 *
 * <p>Levels are built only where a bucket holds at least {@link #MIN_PER_BUCKET} states on average,
 * up to the level of one bucket; a level where a bucket would hold more than {@link #MAX_ENTRIES}
 * (level, value) pairs is not built, nor any coarser one; nor is one that would cost more than half
 * the table's rows to read whole (it would never be read).
 */
public final class StateSummary {
    /** Tables with fewer rows are not summarized. */
    public static final int MIN_ROWS = 4096;
    /** States per bucket on average for a level to be worth building. */
    public static final int MIN_PER_BUCKET = 8;
    /** (nesting level, value) pairs per bucket at most. */
    static final int MAX_ENTRIES = 32;
    static final int BUCKET_STRIDE = 3;
    static final int LONG_STRIDE = 4;

    private final double origin;
    private final double traceEnd;
    private final double[] widths;
    final Rows[] buckets;
    final Rows[] longs;

    StateSummary(double origin, double traceEnd, double[] widths, Rows[] buckets, Rows[] longs) {
        this.origin = origin;
        this.traceEnd = traceEnd;
        this.widths = widths;
        this.buckets = buckets;
        this.longs = longs;
    }

    /** The level-0 width for a trace of {@code duration}: duration / 2^20 rounded down to a power of two. */
    static double base(double duration) {
        return Math.scalb(1.0, Math.getExponent(duration / (1 << 20)));
    }

    public int levels() {
        return widths.length;
    }

    /** Bucket width of level {@code k}, in seconds (a power of two). */
    public double width(int k) {
        return widths[k];
    }

    /** Where bucket 0 of every level starts (the trace's start). */
    public double origin() {
        return origin;
    }

    /** The end given to states still open when the summary was built. */
    public double traceEnd() {
        return traceEnd;
    }

    /** Rows of level {@code k}'s buckets (one per bucket, nesting level and value). */
    public int entries(int k) {
        return buckets[k].size();
    }

    /** States of level {@code k}'s long list. */
    public int longCount(int k) {
        return longs[k].size();
    }

    public long bucket(int k, int i) {
        return buckets[k].get(i, 0);
    }

    public int entryLevel(int k, int i) {
        return (int) (buckets[k].get(i, 1) >>> 32);
    }

    public int entryValue(int k, int i) {
        return (int) buckets[k].get(i, 1);
    }

    public double entryTime(int k, int i) {
        return buckets[k].getDouble(i, 2);
    }

    /** The bucket of level {@code k} holding time {@code t}. */
    public long bucketOf(int k, double t) {
        return (long) Math.floor((t - origin) / widths[k]);
    }

    public double bucketStart(int k, long b) {
        return origin + b * widths[k];
    }

    /** First row of level {@code k}'s buckets whose bucket is at least {@code b}. */
    public int firstEntry(int k, long b) {
        Rows r = buckets[k];
        int lo = 0;
        int hi = r.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (r.get(mid, 0) < b) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    public double longStart(int k, int i) {
        return longs[k].getDouble(i, 0);
    }

    public double longEnd(int k, int i) {
        return longs[k].getDouble(i, 1);
    }

    public int longValue(int k, int i) {
        return (int) (longs[k].get(i, 2) >>> 32);
    }

    public int longLevel(int k, int i) {
        return (int) longs[k].get(i, 2);
    }

    public int longRow(int k, int i) {
        return (int) longs[k].get(i, 3);
    }

    /** First state of level {@code k}'s long list starting at or after {@code t}. */
    public int firstLong(int k, double t) {
        Rows r = longs[k];
        int lo = 0;
        int hi = r.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (r.getDouble(mid, 0) < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * The level a view with pixels {@code pixel} seconds wide should read, or -1 for the rows: the
     * coarsest level whose buckets are at most a pixel wide, when reading it costs less than half
     * the table's rows (and the open states were closed at the same end).
     */
    public int levelFor(double pixel, double end, int rows) {
        if (end != traceEnd && !(Double.isNaN(end) && Double.isNaN(traceEnd))) {
            return -1;
        }
        for (int k = widths.length - 1; k >= 0; k--) {
            if (widths[k] <= pixel) {
                long cost = (long) buckets[k].size() + longs[k].size();
                return cost * 2 <= rows ? k : -1;
            }
        }
        return -1;
    }

    // ---- building

    /**
     * Builds the summary of {@code t} (rows in {@code file}, or on the heap when null) for a trace
     * spanning {@code [start, end]}, or returns null when no level is worth building.
     */
    static StateSummary build(StateTable t, double start, double end, StoreFile file, int minPerBucket) {
        int n = t.size();
        double duration = end - start;
        if (n == 0 || !(duration > 0)) {
            return null;
        }
        double span = Math.max(end - t.start(0), duration / (1 << 20));
        double base = base(duration);
        List<Level> levels = new ArrayList<>();
        for (double w = base; ; w *= 2) {
            if ((double) n * Math.min(w, span) / span >= minPerBucket) {
                levels.add(new Level(w, start, file));
            }
            if (w > duration) {
                break;
            }
        }
        if (levels.isEmpty()) {
            return null;
        }
        Level[] ls = levels.toArray(new Level[0]);
        for (int r = 0; r < n; r++) {
            double s = t.start(r);
            double e = t.end(r);
            if (Double.isNaN(e)) {
                e = end;
            }
            long vl = t.rows.get(r, 2);
            int level = Math.max(0, (int) vl);
            int value = (int) (vl >>> 32);
            for (Level l : ls) {
                if (l.failed) {
                    break; // and every coarser level
                }
                l.add(s, e, vl, level, value, r);
            }
        }
        int kept = 0;
        while (kept < ls.length && !ls[kept].failed) {
            ls[kept++].finish();
        }
        if (kept == 0) {
            return null;
        }
        // a level costing more than half the rows would never be read (see levelFor): not kept
        List<Level> useful = new ArrayList<>();
        for (int k = 0; k < kept; k++) {
            if (((long) ls[k].out.size() + ls[k].longs.size()) * 2 <= n) {
                useful.add(ls[k]);
            }
        }
        if (useful.isEmpty()) {
            return null;
        }
        double[] widths = new double[useful.size()];
        Rows[] buckets = new Rows[useful.size()];
        Rows[] longs = new Rows[useful.size()];
        for (int k = 0; k < widths.length; k++) {
            widths[k] = useful.get(k).w;
            buckets[k] = useful.get(k).out;
            longs[k] = useful.get(k).longs;
        }
        return new StateSummary(start, end, widths, buckets, longs);
    }

    /** One level being built: the buckets still open (a short state touches at most two). */
    private static final class Level {
        final double w;
        final double origin;
        final Rows out;
        final Rows longs;
        boolean failed;
        private final ArrayList<Bucket> open = new ArrayList<>();
        private final ArrayList<Bucket> spare = new ArrayList<>();

        Level(double w, double origin, StoreFile file) {
            this.w = w;
            this.origin = origin;
            this.out = EntityTable.rows(BUCKET_STRIDE, file);
            this.longs = EntityTable.rows(LONG_STRIDE, file);
        }

        long bucketOf(double t) {
            return (long) Math.floor((t - origin) / w);
        }

        void add(double s, double e, long valueLevel, int level, int value, int row) {
            if (e - s >= w) {
                int r = longs.add();
                longs.setDouble(r, 0, s);
                longs.setDouble(r, 1, e);
                longs.set(r, 2, valueLevel);
                longs.set(r, 3, row);
                return;
            }
            long b0 = bucketOf(s);
            long b1 = Math.max(b0, bucketOf(e));
            while (!open.isEmpty() && open.get(0).index < b0) {
                emit(open.remove(0));
            }
            long key = ((long) level << 32) | (value & 0xFFFFFFFFL);
            for (long b = b0; b <= b1; b++) {
                double a = origin + b * w;
                double part = Math.min(e, a + w) - Math.max(s, a);
                if (part > 0 || b == b0) {
                    if (!bucket(b).add(key, Math.max(0, part))) {
                        failed = true;
                        open.clear();
                        return;
                    }
                }
            }
        }

        private Bucket bucket(long b) {
            for (Bucket k : open) {
                if (k.index == b) {
                    return k;
                }
            }
            Bucket k = spare.isEmpty() ? new Bucket() : spare.remove(spare.size() - 1);
            k.index = b;
            k.count = 0;
            int at = open.size();
            while (at > 0 && open.get(at - 1).index > b) {
                at--;
            }
            open.add(at, k);
            return k;
        }

        private void emit(Bucket k) {
            // sorted by (level, value): readers find a bucket's pairs in a stable order
            long[] keys = k.keys;
            double[] times = k.times;
            for (int i = 1; i < k.count; i++) {
                long key = keys[i];
                double time = times[i];
                int j = i;
                for (; j > 0 && keys[j - 1] > key; j--) {
                    keys[j] = keys[j - 1];
                    times[j] = times[j - 1];
                }
                keys[j] = key;
                times[j] = time;
            }
            for (int i = 0; i < k.count; i++) {
                int r = out.add();
                out.set(r, 0, k.index);
                out.set(r, 1, k.keys[i]);
                out.setDouble(r, 2, k.times[i]);
            }
            spare.add(k);
        }

        void finish() {
            while (!open.isEmpty()) {
                emit(open.remove(0));
            }
            out.trim();
            longs.trim();
        }
    }

    private static final class Bucket {
        long index;
        int count;
        final long[] keys = new long[MAX_ENTRIES];
        final double[] times = new double[MAX_ENTRIES];

        boolean add(long key, double time) {
            for (int i = 0; i < count; i++) {
                if (keys[i] == key) {
                    times[i] += time;
                    return true;
                }
            }
            if (count == MAX_ENTRIES) {
                return false;
            }
            keys[count] = key;
            times[count++] = time;
            return true;
        }
    }
}
