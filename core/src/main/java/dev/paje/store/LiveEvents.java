package dev.paje.store;

/** An event table's {@link EventSummary} built while it is written ({@link LiveSummary}): a count per bucket. */
final class LiveEvents extends LiveSummary {
    private double lastTime = Double.NEGATIVE_INFINITY;

    LiveEvents(StoreFile file, StageBudget budget) {
        super(Pyramid.Kind.EVENT, file, budget, Pyramid.MIN_PER_BUCKET);
    }

    /** Row {@code row} of {@code t} added at {@code time}: the writer's hook. */
    void added(EventTable t, int row, double time) {
        if (!started) {
            if (due(row + 1) && start(t.time(0), t.time(row), row + 1)) {
                for (int r = 0; r <= row; r++) {
                    event(t.time(r));
                }
            }
            return;
        }
        event(time);
    }

    private void event(double time) {
        if (!(time >= lastTime)) {
            fail(0); // not in time order: the window's binary search would not hold either
            return;
        }
        lastTime = time;
        tick(time);
        Bucket b = bucket(0, bucketOf(0, time));
        if (b != null) {
            ((Count) b).n++;
        }
    }

    @Override
    void feedAll(EntityTable table, double end) {
        Rows rows = table.rows;
        int f = rows.stride();
        long[] block = new long[Rows.BLOCK_ROWS * f];
        for (int r0 = 0, n = rows.size(); r0 < n && failedFrom > 0; ) {
            int m = rows.readBlock(r0 >>> Rows.BLOCK_SHIFT, block); // a block at a time, past the cache
            for (int i = 0, at = 0; i < m && failedFrom > 0; i++, at += f) {
                event(Double.longBitsToDouble(block[at]));
            }
            r0 += m;
        }
    }

    @Override
    void closeAll(EntityTable table, double end) {
    }

    @Override
    Bucket newBucket() {
        return new Count();
    }

    private static final class Count extends Bucket {
        long n;

        @Override
        void clear() {
            n = 0;
        }

        @Override
        void write(RowStage out) {
            int r = out.add();
            out.set(r, 0, index);
            out.set(r, 1, n);
        }

        @Override
        boolean into(Bucket parent) {
            ((Count) parent).n += n;
            return true;
        }
    }
}
