package dev.paje.store;

import java.util.ArrayList;

/**
 * A {@link Pyramid} of summaries of one state table, for zoomed-out views: per level {@code k}, time
 * buckets {@code [origin + b·w, origin + (b+1)·w)} of width {@code w = base·2^k}, each holding the time of
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
public final class StateSummary extends Pyramid {
    /** (nesting level, value) pairs per bucket at most. */
    static final int MAX_ENTRIES = 32;
    /** Longs per bucket row (as {@link #copyEntries} copies them): bucket, {@code level << 32 | value}, time bits. */
    public static final int BUCKET_STRIDE = 3;
    static final int LONG_STRIDE = 4;

    StateSummary(Levels levels) {
        super(Kind.STATE, levels);
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

    public int longValue(int k, int i) {
        return (int) (longs[k].get(i, 2) >>> 32);
    }

    public int longLevel(int k, int i) {
        return (int) longs[k].get(i, 2);
    }

    // ---- building

    /**
     * Builds the summary of {@code t} (rows in {@code file}, or on the heap when null) for a trace
     * spanning {@code [start, end]}, or returns null when no level is worth building.
     */
    static StateSummary build(StateTable t, double start, double end, StoreFile file, int minPerBucket,
            double[] widths) {
        int n = t.size();
        Levels kept = levels(n, start, end, n == 0 ? start : t.start(0), minPerBucket, widths, Level[]::new,
                w -> new Level(w, start, file), (ls, r) -> {
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
                });
        return kept == null ? null : new StateSummary(kept);
    }

    /** One level being built: the buckets still open (a short state touches at most two). */
    private static final class Level extends Pyramid.Level {
        private final ArrayList<Bucket> open = new ArrayList<>();
        private final ArrayList<Bucket> spare = new ArrayList<>();

        Level(double w, double origin, StoreFile file) {
            super(Kind.STATE, w, origin, file);
        }

        void add(double s, double e, long valueLevel, int level, int value, int row) {
            if (e - s >= w) {
                addLong(s, e, valueLevel, row);
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

        @Override
        void flush() {
            while (!open.isEmpty()) {
                emit(open.remove(0));
            }
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
