package dev.paje.sim;

import dev.paje.store.StateTable;
import java.util.Arrays;

/**
 * The open states of one state type in one container: rows of its table, outermost first. When
 * {@code flat} (PajeNG's no-imbrication mode, {@code pj_dump -i}), a push ends the state under it and
 * a pop reopens the value under it as a new state at its level: PajeNG's exact rows, so that the
 * dump is the same.
 */
final class StateStack {
    final StateTable table;
    private final boolean flat;
    private int[] rows = new int[4];
    /** Value of each stacked state (flat mode reopens it: its row is not read back). */
    private int[] values = new int[4];
    private int depth;
    /** Time and line of the latest change, to check that changes come in time order. */
    double lastTime = Double.NEGATIVE_INFINITY;
    long lastLine;

    StateStack(StateTable table, boolean flat) {
        this.table = table;
        this.flat = flat;
    }

    int depth() {
        return depth;
    }

    void push(double time, int value) {
        if (depth == rows.length) {
            rows = Arrays.copyOf(rows, depth * 2);
            values = Arrays.copyOf(values, depth * 2);
        }
        if (depth >= Short.MAX_VALUE) {
            throw new dev.paje.read.EventError("states nested deeper than " + Short.MAX_VALUE + " levels");
        }
        if (flat && depth > 0) {
            table.close(rows[depth - 1], time);
        }
        rows[depth] = table.open(time, value, depth);
        values[depth] = value;
        depth++;
    }

    void pop(double time) {
        table.close(rows[--depth], time);
        if (flat && depth > 0) {
            // the state under is at level depth - 1, as every stacked state is at its index
            rows[depth - 1] = table.open(time, values[depth - 1], depth - 1);
        }
    }

    /**
     * Sets the depth a run of changes applied in bulk ends at ({@link RunMerge}): only for a table that drops
     * its rows, whose row numbers and values nobody reads back.
     */
    void settle(int newDepth) {
        if (newDepth > rows.length) {
            rows = Arrays.copyOf(rows, Math.max(newDepth, rows.length * 2));
            values = Arrays.copyOf(values, rows.length);
        }
        depth = newDepth;
    }

    /** Row of the innermost open state. */
    int top() {
        return rows[depth - 1];
    }

    /** Closes every stacked state at {@code time} (when flat, also those a push had ended: PajeNG does). */
    void clear(double time) {
        while (depth > 0) {
            table.close(rows[--depth], time);
        }
    }
}
