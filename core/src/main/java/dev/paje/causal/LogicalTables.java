package dev.paje.causal;

import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;

/**
 * Copies of store tables on the logical axis of a {@link LogicalTime}: every time becomes the
 * Lamport clock of its instant (a link's start in its source container, its end in its destination),
 * so the window queries and samplers, which work in any unit, draw a logical-time view unchanged.
 * Variable steps follow ({@link LogicalTime#position}), one row per store row. Clocks grow with time
 * within a container, so states, events and variable steps keep their order; links are re-sorted by
 * logical start. Open ends stay NaN.
 */
public final class LogicalTables {
    private LogicalTables() {
    }

    /** The logical copy of {@code c}'s table of {@code t}, or null when it has none. */
    public static LogicalTable of(LogicalTime time, Container c, Type t) {
        EntityTable table = c.table(t);
        if (table == null) {
            return null;
        }
        if (table instanceof VariableTable v) {
            return new LogicalTable(variables(v, time, c.id()), null);
        }
        LogicalTime.Positions p = time.positions(c, t);
        if (table instanceof StateTable s) {
            return new LogicalTable(states(s, p), null);
        } else if (table instanceof EventTable e) {
            EventTable out = new EventTable();
            for (int r = 0; r < e.size(); r++) {
                out.add(p.start()[r], e.value(r));
            }
            return new LogicalTable(out, null);
        }
        return links((LinkTable) table, p);
    }

    private static StateTable states(StateTable s, LogicalTime.Positions p) {
        StateTable out = new StateTable();
        for (int r = 0; r < s.size(); r++) {
            int row = out.open(p.start()[r], s.value(r), s.level(r));
            if (!Double.isNaN(s.end(r))) {
                out.close(row, p.end()[r]);
            }
        }
        return out;
    }

    /** Steps where they fall between the container's instants, each strictly after the previous one (one row per row). */
    private static VariableTable variables(VariableTable v, LogicalTime time, int container) {
        VariableTable out = new VariableTable();
        double prev = Double.NEGATIVE_INFINITY;
        for (int r = 0; r < v.size(); r++) {
            prev = after(prev, time.position(container, v.start(r)));
            out.step(prev, v.value(r));
        }
        int last = v.size() - 1;
        if (last >= 0 && !Double.isNaN(v.end(last))) {
            out.close(after(prev, time.position(container, v.end(last))));
        }
        return out;
    }

    /** {@code x}, or the next double after {@code prev} when steps share a position (between two equal clocks). */
    private static double after(double prev, double x) {
        return x > prev ? x : Math.nextUp(prev);
    }

    /** Complete links by logical start (stable, so equal starts keep their store order). */
    private static LogicalTable links(LinkTable l, LogicalTime.Positions p) {
        int n = l.completeCount();
        long[] keys = new long[n];
        for (int r = 0; r < n; r++) {
            keys[r] = ((long) p.start()[r] << 32) | r;
        }
        java.util.Arrays.sort(keys);
        LinkTable out = new LinkTable();
        int[] storeRows = new int[n];
        for (int i = 0; i < n; i++) {
            int r = (int) keys[i];
            storeRows[i] = r;
            out.add(p.start()[r], p.end()[r], l.value(r), l.from(r), l.to(r), l.key(r));
        }
        out.maxDuration(); // computed lazily otherwise: do it before requests share the table
        return new LogicalTable(out, storeRows);
    }
}
