package dev.paje.causal;

import dev.paje.store.Container;
import dev.paje.store.LinkTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.util.Arrays;
import java.util.List;

/**
 * Where each container's destruction moves: the latest its own clock, the clocks of the link ends
 * it holds (the simulator checks a destruction against them) and those of its descendants put it,
 * so that a container still ends after everything in it once clocks are corrected. With shifts
 * only this is the largest of their shifts; with drift, the latest of their maps at that time.
 */
final class DestroyShifts {
    private final ClockMap map;
    private final double[] shift; // shifts only: per container, the largest shift below it
    private final int[][] clocks; // with drift: per container, the containers whose maps reach it

    private DestroyShifts(ClockMap map, double[] shift, int[][] clocks) {
        this.map = map;
        this.shift = shift;
        this.clocks = clocks;
    }

    static DestroyShifts of(ClockFix fix) {
        Trace trace = fix.constraints().trace();
        ClockMap map = fix.map();
        ClockGroups groups = fix.constraints().groups();
        List<Container> all = trace.containers();
        double[] ds = new double[all.size()];
        boolean drift = map.drifts();
        IntSet[] sets = drift ? new IntSet[all.size()] : null;
        int[][] clocks = drift ? new int[all.size()][] : null;
        for (int c = all.size() - 1; c >= 0; c--) { // children are created after their parent
            Container container = all.get(c);
            double s = Math.max(ds[c], fix.shift(c));
            IntSet set = drift ? (sets[c] == null ? new IntSet() : sets[c]) : null;
            if (drift) {
                set.add(groups.of(c));
            }
            for (Type t : trace.types()) {
                if (t.kind() == TypeKind.LINK && container.links(t) != null) {
                    LinkTable table = container.links(t);
                    for (int r = 0; r < table.size(); r++) {
                        for (int end : new int[] {table.from(r), table.to(r)}) {
                            if (end >= 0) {
                                s = Math.max(s, fix.shift(end));
                                if (drift) {
                                    set.add(groups.of(end));
                                }
                            }
                        }
                    }
                }
            }
            ds[c] = s;
            if (drift) {
                clocks[c] = set.toArray();
                sets[c] = null;
            }
            if (container.parent() != null) {
                int p = container.parent().id();
                ds[p] = Math.max(ds[p], s);
                if (drift) {
                    if (sets[p] == null) {
                        sets[p] = new IntSet();
                    }
                    sets[p].addAll(clocks[c]);
                }
            }
        }
        return new DestroyShifts(map, ds, clocks);
    }

    /** The corrected time of container {@code c}'s destruction at {@code t}. */
    double at(int c, double t) {
        if (clocks == null) {
            return shift[c] == 0 ? t : t + shift[c];
        }
        double latest = map.apply(c, t);
        for (int g : clocks[c]) {
            latest = Math.max(latest, map.apply(g, t));
        }
        return latest;
    }

    /** A small growable set of ints (insertion order, no duplicates). */
    private static final class IntSet {
        private final java.util.HashSet<Integer> seen = new java.util.HashSet<>();
        private int[] items = new int[4];
        private int size;

        void add(int v) {
            if (seen.add(v)) {
                if (size == items.length) {
                    items = Arrays.copyOf(items, size * 2);
                }
                items[size++] = v;
            }
        }

        void addAll(int[] vs) {
            for (int v : vs) {
                add(v);
            }
        }

        int[] toArray() {
            return Arrays.copyOf(items, size);
        }
    }
}
