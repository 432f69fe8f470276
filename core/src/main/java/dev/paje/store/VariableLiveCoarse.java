package dev.paje.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The coarse levels of the first screen's variable tables accumulated while they are written, so that a progressive seal
 * need not read those tables back before the viewer is ready (what {@link AggregateLive} does for the aggregates). Per
 * candidate table (a container that could be on the first screen, {@link SummaryBuild#firstScreen}), one dense
 * accumulator of {@link #BUCKETS} buckets of a power-of-two width from time 0: per bucket the min, max, last value and
 * last row of the steps shorter than the width that touch it, and beside them the steps at least a width long (a step
 * function's steps do not overlap: about as many as buckets at most). When time passes the last bucket the width doubles
 * (pairs merged, the long steps now shorter than it moved into the buckets): the accumulator holds the level of its width
 * as {@link LiveSummary#buildAtSeal} builds it, and every coarser one. At seal ({@link #publish}) the levels the seal's
 * pyramid keeps at least that coarse are written and handed to the table ({@link VariableTable#summary(double)}); the
 * seal then reuses their rows. Fed on the simulating thread only; off with {@code -Dpaje.variables.live=false}.
 */
final class VariableLiveCoarse {
    /** Buckets of an accumulator: a 1500-pixel whole-trace view reads a level at least this coarse (as AggregateLive). */
    static final int BUCKETS = 4096;
    /**
     * The width in pixels of the whole-trace view ready need not wait for when the coarse levels serve it (the bench's
     * and the viewer's warm-up's; a wider page waits for the summary, as before).
     */
    static final int FIRST_SCREEN_PIXELS = 1500;
    /** Doubles per bucket: min, max, last, last row (-1: empty). */
    private static final int CELL = 4;
    /** The first width (1 ns): doubled as the trace grows. */
    private static final double FIRST_WIDTH = 0x1p-30;
    /** Heap of one accumulator's buckets (its long steps, as many at most, are rarely more than a few). */
    private static final long BYTES_EACH = (long) BUCKETS * CELL * 8;

    /** Rows of the first screen (as {@link SummaryBuild#firstScreen} is given them). */
    private final int rows;
    /** Accumulators still allowed. */
    private long left;
    private final List<Acc> accs = new ArrayList<>();

    VariableLiveCoarse(int rows, long bytes) {
        this.rows = rows;
        this.left = bytes / BYTES_EACH;
    }

    /**
     * Accumulators' buckets on a sixteenth of the heap at most (the launcher's 256 MB: 126 tables; the 10 GB trace's 64
     * node variables take 8 MB; counted at 256 KB each, 63 of them had one, and the first screen waited for the 64th).
     */
    static VariableLiveCoarse forHeap(int rows) {
        return new VariableLiveCoarse(rows, Runtime.getRuntime().maxMemory() / 16);
    }

    /** Feeds {@code table} (of container {@code c}) to an accumulator when {@code c} could be on the first screen. */
    void attach(Container c, VariableTable table) {
        if (left <= 0 || !couldBeFirst(c)) {
            return;
        }
        left--;
        Acc a = new Acc(table);
        table.coarseFeed = a;
        accs.add(a);
    }

    /**
     * Whether {@code c} could be on the first screen, as the containers are now (more can only come): the root, its
     * children, or deeper when the containers of depth 1 to its depth fit in the rows.
     */
    private boolean couldBeFirst(Container c) {
        int depth = 0;
        Container root = c;
        while (root.parent() != null) {
            root = root.parent();
            depth++;
        }
        if (depth <= 1) {
            return true;
        }
        int seen = 0;
        List<Container> level = root.children();
        for (int d = 1; d <= depth && seen <= rows; d++) {
            seen += level.size();
            List<Container> next = new ArrayList<>();
            for (Container k : level) {
                next.addAll(k.children());
            }
            level = next;
        }
        return seen <= rows;
    }

    /**
     * Writes, for every table accumulated, the levels its summary at seal keeps at least as coarse as its accumulator
     * ({@link VariableTable#coarse}); then frees the accumulators. Only when the trace starts at 0 (the buckets' origin).
     */
    void publish(Trace trace, StoreFile file) {
        double end = trace.end();
        boolean fromZero = trace.start() == 0 && end > 0 && !Double.isInfinite(end);
        for (Acc a : accs) {
            a.table.coarseFeed = null;
            if (fromZero && !a.dropped) {
                a.table.coarse = a.levels(end, file);
            }
        }
        accs.clear();
    }

    /** One table's buckets and long steps. */
    static final class Acc {
        final VariableTable table;
        double width = FIRST_WIDTH;
        /** 1 / width, exact (a power of two). */
        private double inverse = 1 / FIRST_WIDTH;
        private double[] cells = new double[BUCKETS * CELL];
        /** The steps at least a width long, in row order: start, end, value bits, row. */
        private double[] longStart = new double[64];
        private double[] longEnd = new double[64];
        private long[] longValue = new long[64];
        private int[] longRow = new int[64];
        private int longs;
        /** The last step's start (0 before any: the grid starts there); +infinity once dropped (every step then fails). */
        private double lastStart = 0;
        /** {@code BUCKETS * width}: a step ending there needs a wider grid. */
        private double limit = BUCKETS * FIRST_WIDTH;
        boolean dropped;
        /**
         * The bucket most steps fall in, its min, max, last value and last row kept here until a step leaves it (then
         * added to its cell): most steps touch only these fields, not a cold cell of the array (64 tables interleaved).
         */
        private long open = -1;
        private double openMin;
        private double openMax;
        private double openLast;
        private int openRow;

        Acc(VariableTable table) {
            this.table = table;
            clear(0);
        }

        private void clear(int from) {
            for (int i = from * CELL + 3; i < cells.length; i += CELL) {
                cells[i] = -1;
            }
        }

        private void drop() {
            dropped = true;
            lastStart = Double.POSITIVE_INFINITY;
            cells = null;
            longStart = longEnd = null;
            longValue = null;
            longRow = null;
        }

        /** Row {@code row}, from {@code s} to {@code e}, value {@code v} (bits {@code bits}): the writer's hook as it closes. */
        void step(int row, double s, double e, double v, long bits) {
            if (s >= lastStart && e >= s && e < limit && e - s < width) {
                long b0 = (long) (s * inverse);
                if (b0 == open && (long) (e * inverse) == b0) { // rows come in order: the last is this one
                    lastStart = s;
                    openMin = Math.min(openMin, v);
                    openMax = Math.max(openMax, v);
                    openLast = v;
                    openRow = row;
                    return;
                }
            }
            slowStep(row, s, e, v, bits);
        }

        private void slowStep(int row, double s, double e, double v, long bits) {
            if (dropped) {
                return;
            }
            if (!(s >= lastStart && e >= s && s >= 0 && e < Double.POSITIVE_INFINITY)) {
                drop(); // not in time order (the seal builds no level either) or not on this grid: from the rows
                return;
            }
            lastStart = s;
            if (e >= limit) {
                grow(e);
            }
            if (e - s >= width) {
                addLong(s, e, bits, row);
                return;
            }
            int b0 = (int) (s * inverse);
            int b1 = (int) (e * inverse);
            flush();
            for (int b = b0; b < b1; b++) {
                add(b, v, v, v, row);
            }
            open = b1; // a new pending aggregate of bucket b1, added to its cell when a step leaves it
            openMin = v;
            openMax = v;
            openLast = v;
            openRow = row;
        }

        /** Adds the open bucket's aggregate to its cell. */
        private void flush() {
            if (open >= 0) {
                add((int) open, openMin, openMax, openLast, openRow);
                open = -1;
            }
        }

        /** As {@code LiveVariable}'s bucket: min, max, and the last of the highest row. */
        private void add(int b, double lo, double hi, double v, double row) {
            double[] c = cells;
            int i = b * CELL;
            double r = c[i + 3];
            if (r < 0) {
                c[i] = lo;
                c[i + 1] = hi;
                c[i + 2] = v;
                c[i + 3] = row;
                return;
            }
            c[i] = Math.min(c[i], lo);
            c[i + 1] = Math.max(c[i + 1], hi);
            if (row >= r) {
                c[i + 2] = v;
                c[i + 3] = row;
            }
        }

        private void addLong(double s, double e, long bits, int row) {
            if (longs == longRow.length) {
                int m = longs * 2;
                longStart = Arrays.copyOf(longStart, m);
                longEnd = Arrays.copyOf(longEnd, m);
                longValue = Arrays.copyOf(longValue, m);
                longRow = Arrays.copyOf(longRow, m);
            }
            longStart[longs] = s;
            longEnd[longs] = e;
            longValue[longs] = bits;
            longRow[longs] = row;
            longs++;
        }

        /** Doubles the width until time {@code t} is in the buckets. */
        private void grow(double t) {
            while (t * inverse >= BUCKETS) {
                twice();
            }
        }

        /** The next level: pairs of buckets merged, the long steps shorter than the new width into its buckets. */
        private void twice() {
            flush();
            double[] c = cells;
            for (int i = 0; i < BUCKETS / 2; i++) {
                int a = 2 * i * CELL;
                int b = a + CELL;
                double ra = c[a + 3];
                double rb = c[b + 3];
                int to = i * CELL;
                if (ra >= 0) {
                    System.arraycopy(c, a, c, to, CELL);
                    if (rb >= 0) {
                        add(i, c[b], c[b + 1], c[b + 2], rb);
                    }
                } else if (rb >= 0) {
                    System.arraycopy(c, b, c, to, CELL);
                } else {
                    c[to + 3] = -1;
                }
            }
            clear(BUCKETS / 2);
            width *= 2;
            inverse *= 0.5;
            limit = BUCKETS * width;
            int kept = 0;
            for (int j = 0; j < longs; j++) {
                double s = longStart[j];
                double e = longEnd[j];
                if (e - s >= width) {
                    longStart[kept] = s;
                    longEnd[kept] = e;
                    longValue[kept] = longValue[j];
                    longRow[kept] = longRow[j];
                    kept++;
                    continue;
                }
                double v = Double.longBitsToDouble(longValue[j]);
                int b1 = (int) (e * inverse);
                for (int b = (int) (s * inverse); b <= b1; b++) {
                    add(b, v, v, v, longRow[j]);
                }
            }
            longs = kept;
        }

        /**
         * The levels of the table's summary at seal ({@link LiveSummary#buildAtSeal} for a trace of {@code [0, end]})
         * at least as coarse as this accumulator, those it keeps, written into {@code file}; null when none is.
         */
        VariableSummary levels(double end, StoreFile file) {
            VariableTable t = table;
            int n = t.size();
            if (n < Pyramid.MIN_ROWS) {
                return null; // no summary at seal
            }
            int last = n - 1;
            if (Double.isNaN(t.end(last))) {
                step(last, t.start(last), end, t.value(last), t.rows.get(last, 2)); // the open step, to the trace's end
            }
            if (dropped) {
                return null;
            }
            flush();
            int minPerBucket = Pyramid.minPerBucket(t);
            List<Double> widths = Pyramid.widths(n, 0, end, t.start(0), minPerBucket);
            if (widths.isEmpty()) {
                return null;
            }
            while (width < widths.get(0)) {
                twice();
            }
            List<Double> kept = new ArrayList<>();
            List<Rows> buckets = new ArrayList<>();
            List<Rows> longRows = new ArrayList<>();
            long[] block = null;
            double span = end;
            while (true) { // width, 2 width, ... up to the first wider than the trace, as LiveSummary's levels
                int entries = 0;
                for (int i = 3; i < cells.length; i += CELL) {
                    entries += cells[i] >= 0 ? 1 : 0;
                }
                long cost = (long) entries + longs;
                boolean dense = (double) n * Math.min(width, span) / span >= minPerBucket;
                if (dense && cost * 2 <= n) { // as LiveSummary.finishLevels keeps a level
                    Rows b = bucketRows();
                    Rows l = longRows();
                    block = block != null && block.length == b.blockLongs() ? block : new long[b.blockLongs()];
                    buckets.add(Pyramid.copy(b, file, block));
                    longRows.add(Pyramid.copy(l, file, new long[l.blockLongs()]));
                    kept.add(width);
                }
                if (width > end) {
                    break;
                }
                twice();
            }
            if (kept.isEmpty()) {
                return null;
            }
            double[] w = kept.stream().mapToDouble(Double::doubleValue).toArray();
            return new VariableSummary(new Pyramid.Levels(0, end, w, buckets.toArray(new Rows[0]),
                    longRows.toArray(new Rows[0])));
        }

        private Rows bucketRows() {
            Rows out = new Rows(VariableSummary.BUCKET_STRIDE);
            double[] c = cells;
            for (int b = 0; b < BUCKETS; b++) {
                int i = b * CELL;
                if (c[i + 3] >= 0) {
                    int r = out.add();
                    out.set(r, 0, b);
                    out.setDouble(r, 1, c[i]);
                    out.setDouble(r, 2, c[i + 1]);
                    out.setDouble(r, 3, c[i + 2]);
                    out.set(r, 4, (long) c[i + 3]);
                }
            }
            return out;
        }

        private Rows longRows() {
            Rows out = new Rows(VariableSummary.LONG_STRIDE);
            for (int j = 0; j < longs; j++) {
                int r = out.add();
                out.setDouble(r, 0, longStart[j]);
                out.setDouble(r, 1, longEnd[j]);
                out.set(r, 2, longValue[j]);
                out.set(r, 3, longRow[j]);
            }
            return out;
        }
    }
}
