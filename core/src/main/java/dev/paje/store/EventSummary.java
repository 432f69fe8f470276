package dev.paje.store;

/**
 * A {@link Pyramid} of summaries of one event table, for zoomed-out views: per bucket, how many
 * events it holds. Rows of stride 2 {@code [bucket, count]}, only for buckets holding events; no
 * long list. A table whose events are not in time order gets no summary.
 */
public final class EventSummary extends Pyramid {
    static final int BUCKET_STRIDE = 2;

    EventSummary(Levels levels) {
        super(Kind.EVENT, levels);
    }

    /** Events in bucket row {@code i} of level {@code k}. */
    public long entryCount(int k, int i) {
        return buckets[k].get(i, 1);
    }

    /** Builds the summary of {@code t} for a trace spanning {@code [start, end]}, or null when no level is worth it. */
    static EventSummary build(EventTable t, double start, double end, StoreFile file, int minPerBucket,
            double[] widths) {
        int n = t.size();
        Levels kept = levels(n, start, end, n == 0 ? start : t.time(0), minPerBucket, widths, Level[]::new,
                w -> new Level(w, start, file), (ls, r) -> {
                    double time = t.time(r);
                    for (Level l : ls) {
                        if (l.failed) {
                            break; // and every coarser level
                        }
                        l.add(time);
                    }
                });
        return kept == null ? null : new EventSummary(kept);
    }

    /** One level being built: events come in time order, so one bucket is open at a time. */
    private static final class Level extends Pyramid.Level {
        private long open = Long.MIN_VALUE;
        private long count;

        Level(double w, double origin, StoreFile file) {
            super(Kind.EVENT, w, origin, file);
        }

        void add(double time) {
            long b = bucketOf(time);
            if (b < open || Double.isNaN(time)) {
                failed = true; // not in time order: the window's binary search would not hold either
                return;
            }
            if (b != open) {
                flush();
                open = b;
            }
            count++;
        }

        @Override
        void flush() {
            if (open == Long.MIN_VALUE) {
                return;
            }
            int r = out.add();
            out.set(r, 0, open);
            out.set(r, 1, count);
            open = Long.MIN_VALUE;
            count = 0;
        }
    }
}
