package dev.paje.causal;

import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;
import java.util.Arrays;

/**
 * Per container, the distinct times at which something happens in it (its "instants", in time
 * order): container creation and destruction, state starts and ends, events, variable steps, link
 * starts at the source container and link ends at the destination container. Endpoints at the same
 * time in one container are one instant: a state's end and the next one's start stay together.
 */
final class Timelines {
    final double[][] times;

    private Timelines(double[][] times) {
        this.times = times;
    }

    static Timelines of(Trace trace) {
        int n = trace.containers().size();
        double[][] buf = new double[n][];
        int[] size = new int[n];
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
                    }
                } else if (table instanceof EventTable e) {
                    for (int r = 0; r < e.size(); r++) {
                        add(buf, size, id, e.time(r));
                    }
                } else if (table instanceof VariableTable v) {
                    for (int r = 0; r < v.size(); r++) {
                        add(buf, size, id, v.start(r));
                        add(buf, size, id, v.end(r));
                    }
                } else if (table instanceof LinkTable l) {
                    for (int r = 0, m = l.completeCount(); r < m; r++) {
                        add(buf, size, l.from(r), l.start(r));
                        add(buf, size, l.to(r), l.end(r));
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
        return new Timelines(times);
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
