package dev.paje.render;

import dev.paje.query.AggregateSampler;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;

/**
 * The lanes of an aggregated row: per pixel, the share of the members' time in each state value,
 * stacked in value order. Not hatched: the whole row is a summary, and its label says of how many.
 * The figures are {@link AggregateSampler}'s: the viewer's collapsed rows draw the same ones.
 */
final class AggregatePainter extends PlotPainter {
    private final AggregateSampler sampler;

    AggregatePainter(Canvas c, double traceEnd) {
        super(c);
        this.sampler = new AggregateSampler(c.grid(), traceEnd);
    }

    void paint(Row row, Lane lane, Type type) {
        if (type.kind() == TypeKind.VARIABLE) {
            if (!palette.hidden(type)) {
                variable(lane, type, sampler.variables(type, row.members()));
            }
            return;
        }
        AggregateSampler a = sampler.states(type, row.members());
        Stacks stacks = new Stacks(palette, type, null);
        int pad = lane.height() >= 12 ? 1 : 0;
        int y = lane.top() + pad;
        int h = lane.height() - 2 * pad;
        int known = type.values().size(); // values the type does not define are left out, as the legend does
        int[] values = new int[known];
        double[] shares = new double[known];
        for (int i = 0; i < a.px.size(); i++) {
            double life = a.alive.get(i);
            if (life <= 0) {
                continue;
            }
            int n = 0;
            for (int k = a.cellFirst.get(i), end = k + a.cellCount.get(i); k < end; k++) {
                if (a.value.get(k) < known) {
                    values[n] = a.value.get(k);
                    shares[n++] = a.number.get(k) / life;
                }
            }
            if (n > 0) {
                stacks.column(left + a.px.get(i), y, h, values, shares, 0, n);
                cells++;
            }
        }
        stacks.flush(g);
    }

    /** A variable of the members: per pixel the sum of their time-weighted means, on its own scale, as a step line. */
    private void variable(Lane lane, Type type, AggregateSampler a) {
        double[] sum = new double[grid.width()];
        boolean[] any = new boolean[grid.width()];
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < a.px.size(); i++) {
            int p = a.px.get(i);
            sum[p] = a.sum.get(i);
            any[p] = true;
            lo = Math.min(lo, sum[p]);
            hi = Math.max(hi, sum[p]);
        }
        if (lo > hi) {
            return;
        }
        new VariablePainter(canvas).pixels(lane, type, sum, any, lo, hi);
        cells += sum.length;
    }
}
