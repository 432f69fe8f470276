package dev.paje.stats;

import dev.paje.query.Window;
import dev.paje.store.StateTable;
import dev.paje.store.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Adds up the states of one state type over a subject's containers: time and count per nesting
 * level and value, and the innermost (top of stack) time per value.
 *
 * <p>HOT PATH: one call of {@link #row} per state in the window; arrays indexed by value, no maps.
 */
final class StateAccumulator {
    private final Type type;
    private final int values;
    private double[][] time = new double[0][];
    private long[][] count = new long[0][];
    private final double[] topTime;
    private final long[] topCount;
    private double span;
    // the open states of the table being read, one per level: value, clipped time, children's time
    private int[] stackValue = new int[8];
    private double[] stackClip = new double[8];
    private double[] stackChildren = new double[8];
    private int depth;
    private double from;
    private double to;
    private double traceEnd;
    private StateTable table;

    StateAccumulator(Type type) {
        this.type = type;
        this.values = type.values().size();
        this.topTime = new double[values];
        this.topCount = new long[values];
    }

    /** Adds the lifetime (inside the window) of a container able to hold this type. */
    void addSpan(double s) {
        span += s;
    }

    /** Adds the states of {@code t} intersecting {@code [start, end]}, clipped to it. */
    void add(StateTable t, double start, double end, double traceEnd) {
        this.table = t;
        this.from = start;
        this.to = end;
        this.traceEnd = traceEnd;
        depth = 0;
        Window.states(t, start, end, this::row);
        popTo(0);
        table = null;
    }

    private void row(int i) {
        StateTable t = table;
        double e = t.end(i);
        if (Double.isNaN(e)) {
            e = traceEnd; // still open: it lasts until the end of the trace
        }
        double clip = Math.max(0, Math.min(e, to) - Math.max(t.start(i), from));
        int v = t.value(i);
        int level = t.level(i);
        if (level >= time.length) {
            grow(level);
        }
        time[level][v] += clip;
        count[level][v]++;
        popTo(level);
        while (depth < level) {
            push(-1, 0); // a parent outside the query (never with well-nested states)
        }
        if (depth > 0) {
            stackChildren[depth - 1] += clip;
        }
        push(v, clip);
    }

    private void push(int value, double clip) {
        if (depth == stackValue.length) {
            stackValue = Arrays.copyOf(stackValue, depth * 2);
            stackClip = Arrays.copyOf(stackClip, depth * 2);
            stackChildren = Arrays.copyOf(stackChildren, depth * 2);
        }
        stackValue[depth] = value;
        stackClip[depth] = clip;
        stackChildren[depth] = 0;
        depth++;
    }

    /** Closes the open states at level {@code level} and deeper: their innermost time is known. */
    private void popTo(int level) {
        while (depth > level) {
            depth--;
            int v = stackValue[depth];
            double self = stackClip[depth] - stackChildren[depth];
            if (v >= 0 && self > 0) {
                topTime[v] += self;
                topCount[v]++;
            }
        }
    }

    private void grow(int level) {
        int old = time.length;
        time = Arrays.copyOf(time, level + 1);
        count = Arrays.copyOf(count, level + 1);
        for (int l = old; l <= level; l++) {
            time[l] = new double[values];
            count[l] = new long[values];
        }
    }

    /** The figures, or null when no state of this type intersects the window. */
    StateStats result() {
        List<StateValueStats> out = new ArrayList<>();
        for (int v = 0; v < values; v++) {
            long n = 0;
            double total = 0;
            List<StateValueStats.LevelStats> levels = new ArrayList<>();
            for (int l = 0; l < time.length; l++) {
                if (count[l][v] > 0) {
                    n += count[l][v];
                    total += time[l][v];
                    levels.add(new StateValueStats.LevelStats(l, count[l][v], time[l][v], share(time[l][v])));
                }
            }
            if (n > 0) {
                out.add(new StateValueStats(type.value(v), n, total, share(total), topCount[v], topTime[v],
                        share(topTime[v]), levels));
            }
        }
        if (out.isEmpty()) {
            return null;
        }
        out.sort(Comparator.comparingDouble(StateValueStats::time).reversed()
                .thenComparingInt(s -> s.value().index()));
        return new StateStats(type, span, time.length, out);
    }

    private double share(double t) {
        return span > 0 ? t / span : Double.NaN;
    }
}
