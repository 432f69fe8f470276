package dev.paje.store;

import java.util.Arrays;

/**
 * A state table's {@link StateSummary} built while it is written ({@link LiveSummary}): a state is
 * summarized when it closes. Long lists must be in start order, and states close innermost first: a
 * state still open is listed (end unknown, set when it closes) as soon as it is a bucket long at
 * that level, which is before any state starting after it can be, so every list stays in start order.
 */
final class LiveStates extends LiveSummary {
    /** The open states, outermost (earliest) first: row, start, value and level, levels where listed. */
    private int[] rows = new int[4];
    private double[] starts = new double[4];
    private long[] valueLevels = new long[4];
    private int[] listed = new int[4];
    private int[][] longRows = new int[4][];
    private int depth;

    LiveStates(StoreFile file, StageBudget budget) {
        super(Pyramid.Kind.STATE, file, budget, Pyramid.MIN_PER_BUCKET);
    }

    /** Row {@code row} of {@code t} opened at {@code time}: the writer's hook. */
    void open(StateTable t, int row, double time, long valueLevel) {
        if (!started) {
            if (due(row + 1)) {
                replay(t, row + 1);
            }
            return;
        }
        tick(time);
        push(row, time, valueLevel);
    }

    /** Row {@code row} of {@code t} closed at {@code time}: the writer's hook. */
    void close(int row, double time) {
        if (!started) {
            return;
        }
        tick(time);
        int i = depth - 1;
        while (i >= 0 && rows[i] != row) {
            i--;
        }
        if (i < 0) {
            fail(0); // not a state this builder saw open
            return;
        }
        closed(i, time);
    }

    private void push(int row, double time, long valueLevel) {
        if (depth == rows.length) {
            int n = depth * 2;
            rows = Arrays.copyOf(rows, n);
            starts = Arrays.copyOf(starts, n);
            valueLevels = Arrays.copyOf(valueLevels, n);
            listed = Arrays.copyOf(listed, n);
            longRows = Arrays.copyOf(longRows, n);
        }
        rows[depth] = row;
        starts[depth] = time;
        valueLevels[depth] = valueLevel;
        listed[depth] = 0;
        depth++;
        checkAt(time + w[0]);
    }

    /** Open state {@code i} ends at {@code e}: into the long lists where it is long, the buckets of the first level where not. */
    private void closed(int i, double e) {
        double s = starts[i];
        long vl = valueLevels[i];
        int row = rows[i];
        int done = listed[i];
        int[] lr = longRows[i];
        if (i < depth - 1) { // not the innermost (flat mode's pushes): close the gap
            System.arraycopy(rows, i + 1, rows, i, depth - i - 1);
            System.arraycopy(starts, i + 1, starts, i, depth - i - 1);
            System.arraycopy(valueLevels, i + 1, valueLevels, i, depth - i - 1);
            System.arraycopy(listed, i + 1, listed, i, depth - i - 1);
            System.arraycopy(longRows, i + 1, longRows, i, depth - i - 1);
        }
        depth--;
        longRows[depth] = null;
        state(s, e, vl, row, done, lr);
    }

    private void state(double s, double e, long vl, int row, int done, int[] lr) {
        double len = e - s;
        int top = Math.min(levels, failedFrom);
        int k = 0;
        for (; k < top && len >= w[k]; k++) {
            if (k < done) {
                endLong(k, lr[k], e);
            } else {
                addLong(k, s, e, vl, row);
            }
        }
        if (k >= top) {
            return;
        }
        int level = Math.max(0, (int) vl);
        long key = ((long) level << 32) | (vl >>> 32);
        long b0 = bucketOf(k, s);
        long b1 = Math.max(b0, bucketOf(k, e));
        for (long b = b0; b <= b1; b++) {
            double a = bucketStart(k, b);
            double part = Math.min(e, a + w[k]) - Math.max(s, a);
            if (part > 0 || b == b0) {
                Bucket bucket = bucket(k, b);
                if (bucket == null) {
                    return;
                }
                if (!((Pairs) bucket).add(key, Math.max(0, part))) {
                    fail(k);
                    return;
                }
            }
        }
    }

    @Override
    void decide(double t) {
        int top = Math.min(levels, failedFrom);
        for (int i = 0; i < depth; i++) {
            int d = listed[i];
            while (d < top && t - starts[i] >= w[d]) {
                if (longRows[i] == null || longRows[i].length <= d) {
                    longRows[i] = Arrays.copyOf(longRows[i] == null ? new int[0] : longRows[i], Math.max(4, d * 2));
                }
                longRows[i][d] = addLong(d, starts[i], Double.NaN, valueLevels[i], rows[i]);
                d++;
            }
            listed[i] = d;
        }
    }

    @Override
    double nextDecision() {
        double next = Double.POSITIVE_INFINITY;
        int top = Math.min(levels, failedFrom);
        for (int i = 0; i < depth; i++) {
            if (listed[i] < top) {
                next = Math.min(next, starts[i] + w[listed[i]]);
            }
        }
        return next;
    }

    /** Starts with the table's first {@code n} rows: their opens and closes again, in time order. */
    private void replay(StateTable t, int n) {
        if (!start(t.start(0), t.start(n - 1), n)) {
            return;
        }
        replayRows(t, n);
    }

    /**
     * At seal every end is known: each state is summarized in start (row) order, so long lists are in
     * start order as they are listed, with every level there will be from the start (a long state is
     * listed in all the levels it is long for at once); nothing stays open.
     */
    @Override
    void feedAll(EntityTable table, double end) {
        Rows rows = table.rows;
        addLevels(end);
        int f = rows.stride();
        long[] block = new long[Rows.BLOCK_ROWS * f];
        for (int r0 = 0, n = rows.size(); r0 < n && failedFrom > 0; ) {
            int m = rows.readBlock(r0 >>> Rows.BLOCK_SHIFT, block); // a block at a time, past the cache
            for (int i = 0, at = 0; i < m && failedFrom > 0; i++, at += f) {
                double s = Double.longBitsToDouble(block[at]);
                double e = Double.longBitsToDouble(block[at + 1]);
                tick(s);
                state(s, Double.isNaN(e) ? end : e, block[at + 2], r0 + i, 0, null);
            }
            r0 += m;
        }
    }

    /** Opens and closes the table's first {@code n} rows in time order (states without an end stay open). */
    private void replayRows(StateTable t, int n) {
        Ends ends = new Ends(Math.min(n, 64)); // primitive: a double[] per row here was 250 MB of garbage on 1 GB
        for (int r = 0; r < n && failedFrom > 0; r++) {
            double s = t.start(r);
            while (ends.size > 0 && ends.end[0] <= s) {
                close(ends.row[0], ends.end[0]);
                ends.pop();
            }
            tick(s);
            push(r, s, t.rows.get(r, 2));
            double e = t.end(r);
            if (!Double.isNaN(e)) {
                ends.add(e, r);
            }
        }
        while (ends.size > 0) {
            close(ends.row[0], ends.end[0]);
            ends.pop();
        }
    }

    /** A binary heap of (end, row), earliest end first, and of the same end the inner (later) row first. */
    private static final class Ends {
        double[] end;
        int[] row;
        int size;

        Ends(int n) {
            end = new double[Math.max(1, n)];
            row = new int[Math.max(1, n)];
        }

        private boolean before(int i, int j) {
            return end[i] != end[j] ? end[i] < end[j] : row[i] > row[j];
        }

        private void swap(int i, int j) {
            double e = end[i];
            end[i] = end[j];
            end[j] = e;
            int r = row[i];
            row[i] = row[j];
            row[j] = r;
        }

        void add(double e, int r) {
            if (size == end.length) { // as many as are open at once (the table's rows at seal)
                end = Arrays.copyOf(end, size * 2);
                row = Arrays.copyOf(row, size * 2);
            }
            int i = size++;
            end[i] = e;
            row[i] = r;
            while (i > 0 && before(i, (i - 1) >>> 1)) {
                swap(i, (i - 1) >>> 1);
                i = (i - 1) >>> 1;
            }
        }

        void pop() {
            swap(0, --size);
            int i = 0;
            while (true) {
                int l = 2 * i + 1;
                int m = l < size && before(l, i) ? l : i;
                if (l + 1 < size && before(l + 1, m)) {
                    m = l + 1;
                }
                if (m == i) {
                    return;
                }
                swap(i, m);
                i = m;
            }
        }
    }

    @Override
    void closeAll(EntityTable table, double end) {
        while (depth > 0) {
            closed(depth - 1, end);
        }
    }

    @Override
    Bucket newBucket() {
        return new Pairs();
    }

    /** A bucket of (nesting level, value) pairs and their time. */
    private static final class Pairs extends Bucket {
        private long[] keys = new long[2];
        private double[] times = new double[2];
        private int count;

        @Override
        void clear() {
            count = 0;
        }

        /** Adds {@code time} to {@code key}'s; keys kept sorted (binary search: up to 32 pairs, merged level after level). */
        boolean add(long key, double time) {
            int lo = 0;
            int hi = count;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                long k = keys[mid];
                if (k < key) {
                    lo = mid + 1;
                } else if (k > key) {
                    hi = mid;
                } else {
                    times[mid] += time;
                    return true;
                }
            }
            if (count == StateSummary.MAX_ENTRIES) {
                return false;
            }
            if (count == keys.length) {
                keys = Arrays.copyOf(keys, count * 2);
                times = Arrays.copyOf(times, count * 2);
            }
            System.arraycopy(keys, lo, keys, lo + 1, count - lo);
            System.arraycopy(times, lo, times, lo + 1, count - lo);
            keys[lo] = key;
            times[lo] = time;
            count++;
            return true;
        }

        @Override
        void write(RowStage out) {
            // sorted by (level, value), as added: readers find a bucket's pairs in a stable order
            for (int i = 0; i < count; i++) {
                int r = out.add();
                out.set(r, 0, index);
                out.set(r, 1, keys[i]);
                out.setDouble(r, 2, times[i]);
            }
        }

        @Override
        boolean into(Bucket parent) {
            Pairs p = (Pairs) parent;
            for (int i = 0; i < count; i++) {
                if (!p.add(keys[i], times[i])) {
                    return false;
                }
            }
            return true;
        }
    }
}
