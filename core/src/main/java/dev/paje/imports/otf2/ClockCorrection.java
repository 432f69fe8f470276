package dev.paje.imports.otf2;

import java.util.List;

/**
 * A location's clock offsets as the reference reader applies them: between two consecutive offsets the
 * correction is interpolated linearly; before the first interval the first one applies, after the last
 * the last one (extrapolated); one offset alone corrects nothing. Results are rounded to whole ticks.
 */
final class ClockCorrection {
    static final ClockCorrection NONE = new ClockCorrection(new long[0], new long[0], new double[0]);

    private final long[] begin;
    private final long[] offset;
    private final double[] slope;
    private long[] end;
    private int current;

    private ClockCorrection(long[] begin, long[] offset, double[] slope) {
        this.begin = begin;
        this.offset = offset;
        this.slope = slope;
    }

    /** From offsets {time, offset} in file order. */
    static ClockCorrection of(List<long[]> points) {
        int n = points.size() - 1;
        if (n < 1) {
            return NONE;
        }
        long[] b = new long[n];
        long[] o = new long[n];
        double[] s = new double[n];
        long[] e = new long[n];
        for (int i = 0; i < n; i++) {
            long[] p = points.get(i);
            long[] q = points.get(i + 1);
            b[i] = p[0];
            o[i] = p[1];
            e[i] = q[0];
            s[i] = ((double) q[1] - (double) p[1]) / ((double) q[0] - (double) p[0]);
        }
        ClockCorrection c = new ClockCorrection(b, o, s);
        c.end = e;
        return c;
    }

    /** Per location: the reader moves forward through the intervals, as times only grow. */
    ClockCorrection copy() {
        if (begin.length == 0) {
            return this;
        }
        ClockCorrection c = new ClockCorrection(begin, offset, slope);
        c.end = end;
        return c;
    }

    boolean none() {
        return begin.length == 0;
    }

    long apply(long time) {
        if (begin.length == 0) {
            return time;
        }
        while (current + 1 < begin.length && Long.compareUnsigned(time, end[current]) > 0) {
            current++;
        }
        double t = (double) time;
        return (long) Math.rint(t + slope[current] * (t - (double) begin[current]) + offset[current]);
    }
}
