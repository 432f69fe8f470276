package dev.paje.causal;

import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.util.List;

/**
 * Which containers share one clock: each container by default, or all the containers below one
 * ancestor of a given type (clocks drift per machine, and a machine's processes share its clock).
 */
public final class ClockGroups {
    private final int[] group;
    private final Type per;

    private ClockGroups(int[] group, Type per) {
        this.group = group;
        this.per = per;
    }

    /** Every container keeps its own clock. */
    public static ClockGroups perContainer(Trace trace) {
        int[] g = new int[trace.containers().size()];
        for (int i = 0; i < g.length; i++) {
            g[i] = i;
        }
        return new ClockGroups(g, null);
    }

    /**
     * Containers share the clock of their nearest ancestor-or-self of type {@code type}; those with
     * no such ancestor keep their own.
     */
    public static ClockGroups perType(Trace trace, Type type) {
        List<Container> all = trace.containers();
        int[] g = new int[all.size()];
        for (Container c : all) {
            Container a = c;
            while (a != null && a.type() != type) {
                a = a.parent();
            }
            g[c.id()] = a == null ? c.id() : a.id();
        }
        return new ClockGroups(g, type);
    }

    /** The container whose clock container {@code container} uses (possibly itself). */
    public int of(int container) {
        return group[container];
    }

    /** The container type clocks are grouped by, or null when each container has its own. */
    public Type per() {
        return per;
    }

    public int size() {
        return group.length;
    }
}
