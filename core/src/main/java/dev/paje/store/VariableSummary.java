package dev.paje.store;

/**
 * A {@link Pyramid} of summaries of one variable, for zoomed-out views: per bucket, the minimum,
 * maximum and last value of the steps <em>shorter than the bucket</em> that touch it (a step
 * touches the buckets from that of its start to that of its end), and which row was last; steps at
 * least a bucket long are in the level's long list, whole. A sampler whose pixel spans at least a
 * bucket reads the long list (the steps it draws exactly, and those between a bucket and a pixel
 * long) and the buckets, never the table's rows.
 *
 * <p>Buckets are rows of stride 5 {@code [bucket, min, max, last, last row]}, long lists rows of
 * stride 4 {@code [start, end, value, row]} (the open step ends at the trace's end). A table whose
 * steps are not in time order gets no summary.
 */
public final class VariableSummary extends Pyramid {
    /** Longs per bucket row (as {@link #copyEntries} copies them): bucket, min, max, last bits, last row. */
    public static final int BUCKET_STRIDE = 5;
    static final int LONG_STRIDE = 4;

    VariableSummary(Levels levels) {
        super(Kind.VARIABLE, levels);
    }

    public double entryMin(int k, int i) {
        return buckets[k].getDouble(i, 1);
    }

    public double entryMax(int k, int i) {
        return buckets[k].getDouble(i, 2);
    }

    public double entryLast(int k, int i) {
        return buckets[k].getDouble(i, 3);
    }

    /** The row of the last step touching the bucket (what orders it against the long list's). */
    public int entryLastRow(int k, int i) {
        return (int) buckets[k].get(i, 4);
    }

    public double longValue(int k, int i) {
        return longs[k].getDouble(i, 2);
    }

    /**
     * {min, max} of every step's value: each level holds every step (in its long list or in the
     * buckets it touches), so its coarsest, a few rows, says what a scan of the table would.
     */
    double[] range() {
        int k = levels() - 1;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0, n = entries(k); i < n; i++) {
            min = Math.min(min, entryMin(k, i));
            max = Math.max(max, entryMax(k, i));
        }
        for (int i = 0, n = longCount(k); i < n; i++) {
            min = Math.min(min, longValue(k, i));
            max = Math.max(max, longValue(k, i));
        }
        return new double[] {min, max};
    }

    /** Builds the summary of {@code t} for a trace spanning {@code [start, end]}, or null when no level is worth it. */
    static VariableSummary build(VariableTable t, double start, double end, StoreFile file, int minPerBucket,
            double[] widths) {
        int n = t.size();
        Levels kept = levels(n, start, end, n == 0 ? start : t.start(0), minPerBucket, widths, Level[]::new,
                w -> new Level(w, start, file), (ls, r) -> {
                    double s = t.start(r);
                    double e = t.end(r);
                    if (Double.isNaN(e)) {
                        e = end;
                    }
                    long v = t.rows.get(r, 2);
                    for (Level l : ls) {
                        if (l.failed) {
                            break; // and every coarser level
                        }
                        l.add(s, e, v, r);
                    }
                });
        return kept == null ? null : new VariableSummary(kept);
    }

    /** One level being built: steps come in time order, so one bucket is open at a time. */
    private static final class Level extends Pyramid.Level {
        private long open = Long.MIN_VALUE;
        private double lastStart = Double.NEGATIVE_INFINITY;
        private double min;
        private double max;
        private double last;
        private int lastRow;

        Level(double w, double origin, StoreFile file) {
            super(Kind.VARIABLE, w, origin, file);
        }

        void add(double s, double e, long valueBits, int row) {
            if (!(s >= lastStart && e >= s)) {
                failed = true; // not in time order: the window's binary search would not hold either
                return;
            }
            lastStart = s;
            if (e - s >= w) {
                addLong(s, e, valueBits, row);
                return;
            }
            long b0 = bucketOf(s);
            long b1 = Math.max(b0, bucketOf(e));
            double v = Double.longBitsToDouble(valueBits);
            for (long b = b0; b <= b1; b++) {
                if (b != open) {
                    flush();
                    open = b;
                    min = v;
                    max = v;
                } else {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
                last = v;
                lastRow = row;
            }
        }

        @Override
        void flush() {
            if (open == Long.MIN_VALUE) {
                return;
            }
            int r = out.add();
            out.set(r, 0, open);
            out.setDouble(r, 1, min);
            out.setDouble(r, 2, max);
            out.setDouble(r, 3, last);
            out.set(r, 4, lastRow);
            open = Long.MIN_VALUE;
        }
    }
}
