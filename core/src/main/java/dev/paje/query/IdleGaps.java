package dev.paje.query;

import dev.paje.store.EntityTable;
import java.util.ArrayList;
import java.util.List;

/**
 * The idle spans of a window over some tables (Poet's "cut marks"): spans of at least {@code min}
 * where nothing changes in any of them. A gap that long covers a whole bucket of {@code min / 2},
 * so buckets are probed (one {@link NextChange} query per table each), empty ones are widened to
 * the changes around them: O(buckets x tables x log n), independent of how many entities there are.
 */
public final class IdleGaps {
    /** Finer buckets than this per window are not probed: {@code min} is raised to the window over it. */
    public static final int MAX_BUCKETS = 4000;

    private final List<EntityTable> tables;
    private final double[] moments;

    /**
     * @param tables  the tables of the rows shown (links count at both ends)
     * @param moments other times at which something changes (containers created or destroyed)
     */
    public IdleGaps(List<EntityTable> tables, double[] moments) {
        this.tables = tables;
        this.moments = moments.clone();
        java.util.Arrays.sort(this.moments);
    }

    /** The first change strictly after {@code t}, over every table; +infinity when none. */
    public double next(double t) {
        double best = Double.POSITIVE_INFINITY;
        for (EntityTable table : tables) {
            best = Math.min(best, NextChange.after(table, t));
        }
        int i = java.util.Arrays.binarySearch(moments, t);
        i = i >= 0 ? i + 1 : -i - 1;
        while (i < moments.length && !(moments[i] > t)) {
            i++;
        }
        return i < moments.length ? Math.min(best, moments[i]) : best;
    }

    /** Idle spans {@code [start, end]} of at least {@code min} within {@code [from, to]}, in order, clipped to it. */
    public List<double[]> find(double from, double to, double min) {
        List<double[]> gaps = new ArrayList<>();
        double span = to - from;
        if (!(span > 0) || !(min > 0)) {
            return gaps;
        }
        double h = Math.max(min, 2 * span / MAX_BUCKETS) / 2;
        double minimum = 2 * h;
        for (long i = 0; from + i * h < to;) {
            double b = from + i * h;
            double n = next(b);
            if (n >= b + h) { // nothing changes in (b, b + h): an idle span around it
                double s = i == 0 ? from : Math.max(from, lastUpTo(Math.nextDown(b - h), b));
                double e = Math.min(to, n);
                if (e - s >= minimum) {
                    gaps.add(new double[] {s, e});
                }
                if (n >= to) {
                    break;
                }
                i = Math.max(i + 1, (long) Math.ceil((n - from) / h));
            } else {
                i++;
            }
        }
        return gaps;
    }

    /** The last change in {@code (lo, b]}, knowing there is one (bisection on {@link #next}). */
    private double lastUpTo(double lo, double b) {
        double hi = b;
        while (true) {
            double c = next(lo);
            if (c > b || next(c) > b) {
                return Math.min(c, b);
            }
            double mid = lo + (hi - lo) / 2;
            if (mid <= lo || mid >= hi) {
                return c;
            }
            if (next(mid) <= b) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
    }
}
