package dev.paje.query;

import dev.paje.store.EntityTable;
import dev.paje.store.VariableSummary;
import dev.paje.store.VariableTable;

/**
 * What a view draws of one variable at one zoom: steps at least one pixel long as items, the
 * shorter ones as the min, max and last value of each pixel they touch. Refilled per table.
 *
 * <p>Zoomed out (a pixel at least one bucket of the table's {@link VariableSummary} wide, and the
 * summary cheaper than the rows), the steps come from the summary instead: its long list gives the
 * items and the steps between a bucket and a pixel long exactly; the buckets give the min, max and
 * last of the shorter ones, but for the two buckets across the window's edges, whose steps are read
 * from the rows. Where pixel edges fall on bucket edges the cells are the rows'; elsewhere a bucket
 * straddling a pixel edge counts in both pixels, so a pixel's min, max and last may include a step
 * that ends or starts less than a bucket beyond its edge.
 */
public final class VariableSampler extends PixelSampler<VariableSampler> {
    private final double traceEnd;
    private double[] min;
    private double[] max;
    private double[] last;
    private int[] lastRow;
    private boolean[] touched;
    private int lo;
    private int hi;

    /** Exact steps: store row, start, end (open ends at the trace's end), value. */
    public final IntColumn itemRow = new IntColumn();
    public final DoubleColumn itemStart = new DoubleColumn();
    public final DoubleColumn itemEnd = new DoubleColumn();
    public final DoubleColumn itemValue = new DoubleColumn();
    /** Summarized pixels, left to right, with the values of the steps that touch them. */
    public final IntColumn cellPx = new IntColumn();
    public final DoubleColumn cellMin = new DoubleColumn();
    public final DoubleColumn cellMax = new DoubleColumn();
    public final DoubleColumn cellLast = new DoubleColumn();

    public VariableSampler(PixelGrid grid, double traceEnd) {
        super(grid);
        this.traceEnd = traceEnd;
    }

    /** Replaces the content by the steps of {@code t} in the window. */
    public VariableSampler sample(VariableTable t) {
        itemRow.clear();
        itemStart.clear();
        itemEnd.clear();
        itemValue.clear();
        cellPx.clear();
        cellMin.clear();
        cellMax.clear();
        cellLast.clear();
        lo = Integer.MAX_VALUE;
        hi = -1;
        VariableSummary summary = summaries ? t.summary(grid.pixel()) : null;
        lastLevel = summary == null || !(grid.pixel() > 0) ? -1 : summary.levelFor(grid.pixel(), traceEnd, t.size());
        if (lastLevel >= 0) {
            sampleSummary(t, summary, lastLevel);
        } else {
            Window.variableRows(t, grid.start(), grid.end(), rowBuffer,
                    (row, s, e, v) -> step(row, s, Double.isNaN(e) ? traceEnd : e, v));
        }
        if (hi >= 0) {
            for (int p = lo; p <= hi; p++) {
                if (touched[p]) {
                    touched[p] = false;
                    cellPx.add(p);
                    cellMin.add(min[p]);
                    cellMax.add(max[p]);
                    cellLast.add(last[p]);
                }
            }
        }
        return this;
    }

    /** A step from the rows or a long list: an item when at least a pixel long, else in the cells it touches. */
    private void step(int row, double s, double e, double v) {
        if (grid.exact(e - s)) {
            itemRow.add(row);
            itemStart.add(s);
            itemEnd.add(e);
            itemValue.add(v);
        } else {
            accumulate(grid.of(Math.max(s, grid.start())), grid.of(Math.min(e, grid.end())), v, v, v, row);
        }
    }

    private void sampleSummary(VariableTable t, VariableSummary s, int k) {
        double ws = grid.start();
        double we = grid.end();
        // the long list, from the step in force when the window opens (steps never overlap)
        for (int i = Math.max(0, s.firstLong(k, ws) - 1), n = s.longCount(k); i < n; i++) {
            double a = s.longStart(k, i);
            if (a > we) {
                break;
            }
            double e = s.longEnd(k, i);
            if (e >= ws) {
                step(s.longRow(k, i), a, e, s.longValue(k, i));
            }
        }
        // the buckets: in every pixel they overlap
        double w = s.width(k);
        double origin = s.origin();
        int[] in = s.entriesIn(k, ws, we);
        s.readAhead(k, in[0], in[1]); // the window's bucket rows, in stretches of blocks: not a read per block
        long[] buf = entryBuffer;
        int f = VariableSummary.BUCKET_STRIDE;
        // the last row of the bucket before: an edge bucket's rows come after it (a hint for their search)
        int before = in[0] > 0 && s.copyEntries(k, in[0] - 1, 1, buf) == 1 ? (int) buf[4] : 0;
        for (int i = in[0]; i < in[1]; ) {
            int m = s.copyEntries(k, i, Math.min(in[1] - i, ENTRY_ROWS), buf); // a block at a time, not a field
            i += m;
            for (int j = 0, end = m * f; j < end; j += f) {
                long b = buf[j];
                double a = origin + b * w; // as Pyramid.bucketStart
                double z = origin + (b + 1) * w;
                if (a < ws || z > we) {
                    // a bucket across the window's edge: its short steps in the window, from the rows
                    Window.variablesNear(t, Math.max(a, ws), Math.min(z, we), before, (int) buf[j + 4] + 2, row -> {
                        double e = t.end(row);
                        e = Double.isNaN(e) ? traceEnd : e;
                        if (e - t.start(row) < w) {
                            step(row, t.start(row), e, t.value(row));
                        }
                    });
                    before = (int) buf[j + 4];
                    continue;
                }
                before = (int) buf[j + 4];
                double xa = grid.position(a);
                double xb = grid.position(z);
                int p0 = grid.pixelAt(xa);
                long c = (long) xb; // Math.ceil(xb) for xb in [0, width], without Math.ceil (see PixelGrid.of)
                int p1 = grid.pixelAt((c < xb ? c + 1 : c) - 1);
                accumulate(p0, Math.max(p0, p1), Double.longBitsToDouble(buf[j + 1]), Double.longBitsToDouble(buf[j + 2]),
                        Double.longBitsToDouble(buf[j + 3]), (int) buf[j + 4]);
            }
        }
    }

    /** Summary bucket rows are copied here a block's worth at a time. */
    private static final int ENTRY_ROWS = 256;
    private final long[] entryBuffer = new long[ENTRY_ROWS * VariableSummary.BUCKET_STRIDE];
    /** The rows of a zoom finer than the summary's levels, copied here a block at a time ({@link Window#variableRows}). */
    private final long[] rowBuffer = new long[EntityTable.BLOCK_ROWS * VariableTable.STRIDE];

    private void accumulate(int first, int lastPx, double low, double high, double v, int row) {
        if (touched == null) {
            min = new double[grid.width()];
            max = new double[grid.width()];
            last = new double[grid.width()];
            lastRow = new int[grid.width()];
            touched = new boolean[grid.width()];
        }
        for (int p = first; p <= lastPx; p++) {
            if (!touched[p]) {
                touched[p] = true;
                min[p] = low;
                max[p] = high;
                last[p] = v;
                lastRow[p] = row;
            } else {
                min[p] = Math.min(min[p], low);
                max[p] = Math.max(max[p], high);
                if (row > lastRow[p]) { // the later step's value is the last (rows are in time order)
                    last[p] = v;
                    lastRow[p] = row;
                }
            }
        }
        lo = Math.min(lo, first);
        hi = Math.max(hi, lastPx);
    }
}
