package dev.paje.collective;

import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;

/**
 * The time resolution of a trace: the largest power of ten (10^0 down to 10^-9) of which every link
 * start and event time is a multiple. Tools print times with a fixed number of decimals (SimGrid: 6),
 * so two sends the program made "at once" may differ by one unit: the default tolerance.
 */
public final class TimeResolution {
    static final int MAX_DECIMALS = 9;

    private TimeResolution() {
    }

    /** 10^-d for the fewest decimals d that write every time exactly; 0 when 9 are not enough. */
    public static double of(Trace trace) {
        int decimals = 0;
        for (Container c : trace.containers()) {
            for (Type t : trace.types()) {
                EntityTable table = c.table(t);
                if (table instanceof LinkTable l) {
                    for (int r = 0, n = l.completeCount(); r < n && decimals <= MAX_DECIMALS; r++) {
                        decimals = fit(l.start(r), decimals);
                    }
                } else if (table instanceof EventTable e) {
                    for (int r = 0, n = e.size(); r < n && decimals <= MAX_DECIMALS; r++) {
                        decimals = fit(e.time(r), decimals);
                    }
                }
            }
        }
        return decimals > MAX_DECIMALS ? 0 : Math.pow(10, -decimals);
    }

    /** The fewest decimals, at least {@code from}, that write {@code t} exactly (MAX_DECIMALS + 1: none). */
    static int fit(double t, int from) {
        int d = from;
        while (d <= MAX_DECIMALS && !whole(t * Math.pow(10, d))) {
            d++;
        }
        return d;
    }

    private static boolean whole(double x) {
        return Math.abs(x - Math.rint(x)) <= Math.max(1e-6, 8 * Math.ulp(x));
    }
}
