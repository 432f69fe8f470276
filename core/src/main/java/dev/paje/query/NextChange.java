package dev.paje.query;

import dev.paje.store.EntityTable;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.VariableTable;

/**
 * The first time strictly after {@code t} at which something changes in a table: a state starts or
 * ends, an event occurs, a variable steps, a link starts or ends. By binary search, plus the states
 * or links in progress at {@code t} (whose ends may come first): O(log n + those).
 */
final class NextChange {
    private NextChange() {
    }

    /** +infinity when nothing changes after {@code t}. */
    static double after(EntityTable table, double t) {
        if (table instanceof StateTable s) {
            return states(s, t);
        } else if (table instanceof EventTable e) {
            int i = Window.firstStartAfter(e.size(), t, e::time, true);
            return i < e.size() ? e.time(i) : Double.POSITIVE_INFINITY;
        } else if (table instanceof VariableTable v) {
            int i = Window.firstStartAfter(v.size(), t, v::start, true);
            double next = i < v.size() ? v.start(i) : Double.POSITIVE_INFINITY;
            return i > 0 && v.end(i - 1) > t ? Math.min(next, v.end(i - 1)) : next;
        }
        return links((LinkTable) table, t);
    }

    private static double states(StateTable s, double t) {
        int first = Window.firstStartAfter(s.size(), t, s::start, true);
        double next = first < s.size() ? s.start(first) : Double.POSITIVE_INFINITY;
        // the states in progress at t: from the last level-0 state starting at or before t (as Window.states)
        int from = first;
        while (from > 0) {
            from--;
            if (s.level(from) == 0) {
                break;
            }
        }
        for (int i = from; i < first; i++) {
            double e = s.end(i);
            if (e > t && e < next) { // NaN (still open) never is
                next = e;
            }
        }
        return next;
    }

    private static double links(LinkTable l, double t) {
        int n = l.completeCount();
        int first = Window.firstStartAfter(n, t, l::start, true);
        double next = first < n ? l.start(first) : Double.POSITIVE_INFINITY;
        for (int i = Window.firstStartAfter(n, t - l.maxDuration(), l::start, false); i < first; i++) {
            double e = l.end(i);
            if (e > t && e < next) {
                next = e;
            }
        }
        return next;
    }
}
