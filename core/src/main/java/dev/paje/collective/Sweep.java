package dev.paje.collective;

import dev.paje.store.Type;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Groups the members of one type seen in time order: per value, a run of members each starting at most
 * {@code tolerance} after the previous one is one operation (single linkage on start times), kept when
 * it involves at least K containers. Runs of one value may interleave with runs of another.
 */
final class Sweep {
    private final Collective.Kind kind;
    private final Type type;
    private final double tolerance;
    private final int minContainers;
    private final List<Draft> out;
    private final Map<Integer, Draft> open = new HashMap<>();
    private final Map<String, Draft> named = new HashMap<>();

    Sweep(Collective.Kind kind, Type type, double tolerance, int minContainers, List<Draft> out) {
        this.kind = kind;
        this.type = type;
        this.tolerance = tolerance;
        this.minContainers = minContainers;
        this.out = out;
    }

    /** A member grouped by time: starts must come in non-decreasing order. */
    void byTime(int value, int holder, int row, double start, double end, int a, int b) {
        Draft d = open.get(value);
        // the slack absorbs the rounding of the subtraction: starts printed one resolution unit apart
        // (3.001, 3.002) must chain however their binary values fall
        if (d != null && !(start - d.lastStart <= tolerance + 2 * Math.ulp(start))) {
            keep(d);
            d = null;
        }
        if (d == null) {
            d = new Draft(kind, Collective.Basis.TIME, type, type.value(value).name(), value);
            open.put(value, d);
        }
        d.add(holder, row, value, start, end, a, b);
    }

    /** A member grouped by the operation its key names, whatever its time. */
    void byName(String name, int value, int holder, int row, double start, double end, int a, int b) {
        Draft d = named.computeIfAbsent(name, n -> new Draft(kind, Collective.Basis.KEY, type, n, value));
        d.add(holder, row, value, start, end, a, b);
    }

    /** Closes every open run: call once the type's last member has been seen. */
    void finish() {
        open.values().forEach(this::keep);
        named.values().forEach(this::keep);
        open.clear();
        named.clear();
    }

    private void keep(Draft d) {
        if (d.members() >= 2 && d.distinctContainers() >= minContainers) {
            out.add(d);
        }
    }
}
