package dev.paje.causal;

/**
 * Conversions between real times and positions on the logical axis of a {@link LogicalTime}, for a
 * viewer that switches between the two: per container (exact, where an entity lies) and for the
 * whole trace (where a view's edges go, monotone but only indicative: one real time is a different
 * logical position in each container).
 */
public final class LogicalAxis {
    private final LogicalTime time;
    private final int containers;

    public LogicalAxis(LogicalTime time) {
        this.time = time;
        this.containers = time.trace().containers().size();
    }

    /** The logical extent: 0 to one step past the largest clock, so that the last step has room. */
    public double end() {
        return time.maxClock() + 1;
    }

    /** Where real time {@code t} of container {@code c} lies on the logical axis. */
    public double position(int c, double t) {
        return time.position(c, t);
    }

    /** The furthest any container has gone by real time {@code t}: monotone in {@code t}. */
    public double position(double t) {
        double best = 0;
        for (int c = 0; c < containers; c++) {
            if (time.instants(c) > 0 && time.time(c, 0) <= t) {
                best = Math.max(best, time.position(c, t));
            }
        }
        return best;
    }

    /**
     * The real time at which container {@code c} reaches logical position {@code x} (linear between
     * its instants), or NaN when it never does; clamped to its first instant below.
     */
    public double time(int c, double x) {
        if (time.follows(c)) {
            return time.furthestTime(x);
        }
        int n = time.instants(c);
        if (n == 0 || time.clock(c, n - 1) < x) {
            return Double.NaN;
        }
        int lo = 0;
        int hi = n - 1;
        while (lo < hi) { // the first instant whose clock is >= x
            int mid = (lo + hi) >>> 1;
            if (time.clock(c, mid) < x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if (lo == 0 || time.clock(c, lo) == x) {
            return time.time(c, lo);
        }
        double f = (x - time.clock(c, lo - 1)) / (time.clock(c, lo) - time.clock(c, lo - 1));
        return time.time(c, lo - 1) + f * (time.time(c, lo) - time.time(c, lo - 1));
    }

    /** The earliest real time at which some container reaches {@code x}: monotone in {@code x}. */
    public double time(double x) {
        double best = Double.POSITIVE_INFINITY;
        for (int c = 0; c < containers; c++) {
            double t = time.follows(c) ? Double.NaN : time(c, x);
            if (t < best) {
                best = t;
            }
        }
        if (best == Double.POSITIVE_INFINITY) {
            double t = time.furthestTime(x); // nothing but variables: how far the trace went
            return Double.isNaN(t) ? time.trace().end() : t;
        }
        return best;
    }
}
