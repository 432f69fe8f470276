package dev.paje.store;

/**
 * A variable's {@link VariableSummary} built while it is written ({@link LiveSummary}): a step is
 * summarized when the next one closes it (steps come in time order, so long lists do too).
 */
final class LiveVariable extends LiveSummary {
    private double lastStart = Double.NEGATIVE_INFINITY;

    LiveVariable(StoreFile file, StageBudget budget, int perBucket) {
        super(Pyramid.Kind.VARIABLE, file, budget, perBucket);
    }

    /** Row {@code row} of {@code t}, from {@code s} with value bits {@code v}, ended at {@code e}: the writer's hook. */
    void closed(VariableTable t, int row, double s, double e, long v) {
        if (row + 1 >= Pyramid.FINE_ROWS && perBucket != Pyramid.FINE_PER_BUCKET) {
            // large enough for finer levels (Pyramid.minPerBucket): start again, reading the rows back once
            LiveVariable fine = new LiveVariable(file, budget, Pyramid.FINE_PER_BUCKET);
            drop();
            t.live = fine;
            fine.closed(t, row, s, e, v);
            return;
        }
        if (!started) {
            if (due(row + 1) && start(t.start(0), t.start(row), row + 1)) {
                for (int r = 0; r <= row; r++) {
                    step(t.start(r), t.end(r), t.rows.get(r, 2), r);
                }
            }
            return;
        }
        step(s, e, v, row);
    }

    private void step(double s, double e, long bits, int row) {
        if (!(s >= lastStart && e >= s)) {
            fail(0); // not in time order: the window's binary search would not hold either
            return;
        }
        lastStart = s;
        tick(e);
        double len = e - s;
        int top = Math.min(levels, failedFrom);
        int k = 0;
        for (; k < top && len >= w[k]; k++) {
            addLong(k, s, e, bits, row);
        }
        if (k >= top) {
            return;
        }
        double v = Double.longBitsToDouble(bits);
        long b0 = bucketOf(k, s);
        long b1 = Math.max(b0, bucketOf(k, e));
        for (long b = b0; b <= b1; b++) {
            Bucket bucket = bucket(k, b);
            if (bucket == null) {
                return;
            }
            ((Steps) bucket).add(v, v, v, row);
        }
    }

    @Override
    void feedAll(EntityTable table, double end) {
        Rows rows = table.rows;
        int n = rows.size();
        int f = rows.stride();
        long[] block = new long[Rows.BLOCK_ROWS * f];
        for (int r0 = 0; r0 < n && failedFrom > 0; ) {
            int m = rows.readBlock(r0 >>> Rows.BLOCK_SHIFT, block); // a block at a time, past the cache
            for (int i = 0, at = 0; i < m && failedFrom > 0; i++, at += f) {
                int r = r0 + i;
                double e = Double.longBitsToDouble(block[at + 1]);
                if (Double.isNaN(e)) {
                    if (r == n - 1) {
                        return; // the open step: closeAll ends it
                    }
                    e = end;
                }
                step(Double.longBitsToDouble(block[at]), e, block[at + 2], r);
            }
            r0 += m;
        }
    }

    @Override
    void closeAll(EntityTable table, double end) {
        VariableTable t = (VariableTable) table;
        int last = t.size() - 1;
        if (last >= 0 && Double.isNaN(t.end(last))) {
            step(t.start(last), end, t.rows.get(last, 2), last);
        }
    }

    @Override
    Bucket newBucket() {
        return new Steps();
    }

    /** A bucket of steps: their min, max, and the last one's value and row. */
    private static final class Steps extends Bucket {
        private double min;
        private double max;
        private double last;
        private int lastRow;

        @Override
        void clear() {
            min = Double.POSITIVE_INFINITY;
            max = Double.NEGATIVE_INFINITY;
            lastRow = -1;
        }

        void add(double lo, double hi, double v, int row) {
            min = lastRow < 0 ? lo : Math.min(min, lo);
            max = lastRow < 0 ? hi : Math.max(max, hi);
            if (row >= lastRow) {
                last = v;
                lastRow = row;
            }
        }

        @Override
        void write(RowStage out) {
            int r = out.add();
            out.set(r, 0, index);
            out.setDouble(r, 1, min);
            out.setDouble(r, 2, max);
            out.setDouble(r, 3, last);
            out.set(r, 4, lastRow);
        }

        @Override
        boolean into(Bucket parent) {
            ((Steps) parent).add(min, max, last, lastRow);
            return true;
        }
    }
}
