package dev.paje.query;

import dev.paje.store.VariableTable;
/**
 * What a view draws of one variable at one zoom: steps at least one pixel long as items, the
 * shorter ones as the min, max and last value of each pixel they touch. Refilled per table.
 */
public final class VariableSampler {
    private final PixelGrid grid;
    private final double traceEnd;
    private double[] min;
    private double[] max;
    private double[] last;
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
        this.grid = grid;
        this.traceEnd = traceEnd;
    }

    public PixelGrid grid() {
        return grid;
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
        Window.variables(t, grid.start(), grid.end(), row -> {
            double s = t.start(row);
            double e = t.end(row);
            if (Double.isNaN(e)) {
                e = traceEnd;
            }
            if (grid.exact(e - s)) {
                itemRow.add(row);
                itemStart.add(s);
                itemEnd.add(e);
                itemValue.add(t.value(row));
            } else {
                accumulate(grid.of(Math.max(s, grid.start())), grid.of(Math.min(e, grid.end())), t.value(row));
            }
        });
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

    private void accumulate(int first, int lastPx, double v) {
        if (touched == null) {
            min = new double[grid.width()];
            max = new double[grid.width()];
            last = new double[grid.width()];
            touched = new boolean[grid.width()];
        }
        for (int p = first; p <= lastPx; p++) {
            if (!touched[p]) {
                touched[p] = true;
                min[p] = v;
                max[p] = v;
            } else {
                min[p] = Math.min(min[p], v);
                max[p] = Math.max(max[p], v);
            }
            last[p] = v; // steps come in time order
        }
        lo = Math.min(lo, first);
        hi = Math.max(hi, lastPx);
    }
}
