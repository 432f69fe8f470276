package dev.paje.stats;

import dev.paje.query.Window;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;

/** Integrates one variable type over a subject's containers, clipped to the window. */
final class VariableAccumulator {
    private final Type type;
    private int containers;
    private double time;
    private double integral;
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;

    VariableAccumulator(Type type) {
        this.type = type;
    }

    void add(VariableTable t, double start, double end, double traceEnd) {
        boolean instant = start == end;
        boolean[] seen = {false};
        Window.variables(t, start, end, i -> {
            double e = t.end(i);
            if (Double.isNaN(e)) {
                e = traceEnd;
            }
            double clip = Math.min(e, end) - Math.max(t.start(i), start);
            // an instant window sees the value in force at that instant (the step starting there)
            boolean inForce = instant && t.start(i) <= start && (e > start || i == t.size() - 1);
            if (clip > 0 || inForce) {
                double v = t.value(i);
                time += Math.max(0, clip);
                integral += v * Math.max(0, clip);
                min = Math.min(min, v);
                max = Math.max(max, v);
                seen[0] = true;
            }
        });
        if (seen[0]) {
            containers++;
        }
    }

    /** The figures, or null when the variable holds no value during the window. */
    VariableStats result() {
        if (containers == 0) {
            return null;
        }
        return new VariableStats(type, containers, time, min, max, time > 0 ? integral / time : Double.NaN, integral);
    }
}
