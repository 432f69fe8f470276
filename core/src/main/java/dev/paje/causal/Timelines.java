package dev.paje.causal;

import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.util.Arrays;

/**
 * Per container, the distinct times at which something happens in it (its "instants", in time
 * order): container creation and destruction, state starts and ends, events, link starts at the
 * source container and link ends at the destination container. Endpoints at the same time in one
 * container are one instant: a state's end and the next one's start stay together. Variable steps
 * are not instants: a counter updated at every step would make the logical axis its own; variables
 * follow the instants around them ({@link LogicalTime#position}).
 */
final class Timelines {
    final double[][] times;
    /** Whether a container has instants of its own beyond its creation and destruction (a state, an event, a link end). */
    final boolean[] active;

    private Timelines(double[][] times, boolean[] active) {
        this.times = times;
        this.active = active;
    }

    static Timelines of(Trace trace) {
        int n = trace.containers().size();
        double[][] buf = new double[n][];
        int[] size = new int[n];
        boolean[] active = new boolean[n];
        for (int c = 0; c < n; c++) {
            buf[c] = new double[8];
        }
        for (Container c : trace.containers()) {
            int id = c.id();
            add(buf, size, id, c.start());
            add(buf, size, id, c.end());
            for (Type t : trace.types()) {
                EntityTable table = c.table(t);
                if (table instanceof StateTable s) {
                    for (int r = 0; r < s.size(); r++) {
                        add(buf, size, id, s.start(r));
                        add(buf, size, id, s.end(r));
                        active[id] = true;
                    }
                } else if (table instanceof EventTable e) {
                    for (int r = 0; r < e.size(); r++) {
                        add(buf, size, id, e.time(r));
                        active[id] = true;
                    }
                } else if (table instanceof LinkTable l) {
                    for (int r = 0, m = l.completeCount(); r < m; r++) {
                        add(buf, size, l.from(r), l.start(r));
                        add(buf, size, l.to(r), l.end(r));
                        active[l.from(r)] = true;
                        active[l.to(r)] = true;
                    }
                }
            }
        }
        double[][] times = new double[n][];
        for (int c = 0; c < n; c++) {
            double[] a = buf[c];
            buf[c] = null;
            Arrays.sort(a, 0, size[c]);
            int k = 0;
            for (int i = 0; i < size[c]; i++) {
                if (k == 0 || a[i] != a[k - 1]) {
                    a[k++] = a[i];
                }
            }
            times[c] = Arrays.copyOf(a, k);
        }
        return new Timelines(times, active);
    }

    private static void add(double[][] buf, int[] size, int c, double t) {
        if (Double.isNaN(t)) {
            return;
        }
        t += 0.0; // -0.0 is 0.0: one instant, found by either
        if (size[c] == buf[c].length) {
            buf[c] = Arrays.copyOf(buf[c], buf[c].length * 2);
        }
        buf[c][size[c]++] = t;
    }

    /** The instant of container {@code c} at exactly {@code t}, or -1. */
    int index(int c, double t) {
        int i = Arrays.binarySearch(times[c], t + 0.0);
        return i >= 0 ? i : -1;
    }

    /** The last instant of container {@code c} at or before {@code t}, or -1 when none. */
    int floor(int c, double t) {
        int i = Arrays.binarySearch(times[c], t + 0.0);
        return i >= 0 ? i : -i - 2;
    }
}
