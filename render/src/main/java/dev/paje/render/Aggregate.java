package dev.paje.render;

import dev.paje.query.PixelGrid;
import dev.paje.query.Window;
import dev.paje.store.Container;
import dev.paje.store.StateTable;
import dev.paje.store.Type;
import java.util.List;

/**
 * The state shares of many containers per pixel, for an aggregated row: of the time the members
 * holding the state type exist in the pixel, the part each value is innermost (on top of the
 * stack). Each member's states are swept once in start order with a stack of the open ones.
 */
final class Aggregate {
    private final PixelGrid grid;
    private final double traceEnd;
    /** Per value index: time in each pixel, in pixel units; null for values never seen. */
    final double[][] time;
    /** Per pixel: the members' lifetime in it, in pixel units. */
    final double[] life;
    private int[] stackValue = new int[16];
    private double[] stackEnd = new double[16];
    private int depth;
    private double cursor;

    Aggregate(PixelGrid grid, double traceEnd, Type type, List<Container> members) {
        this.grid = grid;
        this.traceEnd = traceEnd;
        this.time = new double[type.values().size()][];
        this.life = new double[grid.width()];
        for (Container m : members) {
            if (m.table(type) instanceof StateTable t) {
                add(life, m.start(), m.isOpen() ? traceEnd : m.end());
                sweep(t);
            }
        }
    }

    private void sweep(StateTable t) {
        depth = 0;
        cursor = Double.NEGATIVE_INFINITY;
        Window.states(t, grid.start(), grid.end(), row -> {
            double s = t.start(row);
            double e = t.end(row);
            if (Double.isNaN(e)) {
                e = traceEnd;
            }
            int level = Math.max(0, t.level(row));
            while (depth > 0 && (depth > level || stackEnd[depth - 1] <= s)) {
                pop();
            }
            if (depth > 0) {
                value(stackValue[depth - 1], cursor, s);
            }
            cursor = s;
            push(t.value(row), e);
        });
        while (depth > 0) {
            pop();
        }
    }

    private void push(int value, double end) {
        if (depth == stackValue.length) {
            stackValue = java.util.Arrays.copyOf(stackValue, depth * 2);
            stackEnd = java.util.Arrays.copyOf(stackEnd, depth * 2);
        }
        stackValue[depth] = value;
        stackEnd[depth] = end;
        depth++;
    }

    /** Closes the top state: its time since the cursor is its own; its parent resumes at its end. */
    private void pop() {
        depth--;
        double end = stackEnd[depth];
        value(stackValue[depth], cursor, end);
        cursor = Math.max(cursor, end);
    }

    private void value(int v, double a, double b) {
        if (v < 0 || v >= time.length) {
            return;
        }
        if (time[v] == null) {
            time[v] = new double[grid.width()];
        }
        add(time[v], a, b);
    }

    /** Adds {@code weight} times the part of each pixel that {@code [a, b]} covers, marking the pixels touched. */
    static void add(PixelGrid grid, double[] into, boolean[] touched, double a, double b, double weight) {
        a = Math.max(a, grid.start());
        b = Math.min(b, grid.end());
        if (!(b > a)) {
            return;
        }
        double xa = grid.position(a);
        double xb = grid.position(b);
        int last = grid.width() - 1;
        for (int p = Math.min(last, (int) xa), to = Math.min(last, (int) xb); p <= to; p++) {
            double part = Math.min(xb, p + 1) - Math.max(xa, p);
            if (part > 0) {
                into[p] += part * weight;
                touched[p] = true;
            }
        }
    }

    /** Adds the part of each pixel that {@code [a, b]} covers (pixel units). */
    private void add(double[] into, double a, double b) {
        a = Math.max(a, grid.start());
        b = Math.min(b, grid.end());
        if (!(b > a)) {
            return;
        }
        double xa = grid.position(a);
        double xb = grid.position(b);
        int last = grid.width() - 1;
        for (int p = Math.min(last, (int) xa), to = Math.min(last, (int) xb); p <= to; p++) {
            double part = Math.min(xb, p + 1) - Math.max(xa, p);
            if (part > 0) {
                into[p] += part;
            }
        }
    }
}
