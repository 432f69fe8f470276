package dev.paje.render;

import dev.paje.query.PixelGrid;
import dev.paje.store.Type;
import java.awt.Graphics2D;

/**
 * The lanes of an aggregated row: per pixel, the share of the members' time in each state value,
 * stacked in value order. Not hatched: the whole row is a summary, and its label says of how many.
 */
final class AggregatePainter {
    private final Graphics2D g;
    private final PixelGrid grid;
    private final int left;
    private final Palette palette;
    private final double traceEnd;
    long cells;

    AggregatePainter(Graphics2D g, PixelGrid grid, int left, Palette palette, double traceEnd) {
        this.g = g;
        this.grid = grid;
        this.left = left;
        this.palette = palette;
        this.traceEnd = traceEnd;
    }

    void paint(Row row, Lane lane, Type type) {
        if (type.kind() == dev.paje.store.TypeKind.VARIABLE) {
            if (!palette.hidden(type)) {
                variable(row, lane, type);
            }
            return;
        }
        Aggregate a = new Aggregate(grid, traceEnd, type, row.members());
        Stacks stacks = new Stacks(palette, type, null);
        int pad = lane.height() >= 12 ? 1 : 0;
        int y = lane.top() + pad;
        int h = lane.height() - 2 * pad;
        int[] values = new int[a.time.length];
        double[] shares = new double[a.time.length];
        for (int p = 0; p < grid.width(); p++) {
            double life = a.life[p];
            if (life <= 0) {
                continue;
            }
            int n = 0;
            for (int v = 0; v < a.time.length; v++) {
                double[] tv = a.time[v];
                if (tv != null && tv[p] > 0) {
                    values[n] = v;
                    shares[n++] = tv[p] / life;
                }
            }
            if (n > 0) {
                stacks.column(left + p, y, h, values, shares, 0, n);
                cells++;
            }
        }
        stacks.flush(g);
    }

    /** A variable of the members: per pixel the sum of their time-weighted means, on its own scale, as a filled step line. */
    private void variable(Row row, Lane lane, Type type) {
        double[] sum = new double[grid.width()];
        boolean[] any = new boolean[grid.width()];
        for (dev.paje.store.Container m : row.members()) {
            if (m.table(type) instanceof dev.paje.store.VariableTable v) {
                dev.paje.query.Window.variables(v, grid.start(), grid.end(), r -> {
                    double e = v.end(r);
                    Aggregate.add(grid, sum, any, v.start(r), Double.isNaN(e) ? traceEnd : e, v.value(r));
                });
            }
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int p = 0; p < sum.length; p++) {
            if (any[p]) {
                lo = Math.min(lo, sum[p]);
                hi = Math.max(hi, sum[p]);
            }
        }
        if (lo > hi) {
            return;
        }
        new VariablePainter(g, grid, left, palette, null).pixels(lane, type, sum, any, lo, hi);
        cells += sum.length;
    }
}
