package dev.paje.sim;

import dev.paje.store.StateTable;
import java.util.Arrays;

/** The open states of one state type in one container: rows of its table, outermost first. */
final class StateStack {
    final StateTable table;
    private int[] rows = new int[4];
    private int depth;
    /** Time and line of the latest change, to check that changes come in time order. */
    double lastTime = Double.NEGATIVE_INFINITY;
    long lastLine;

    StateStack(StateTable table) {
        this.table = table;
    }

    int depth() {
        return depth;
    }

    void push(double time, int value) {
        if (depth == rows.length) {
            rows = Arrays.copyOf(rows, depth * 2);
        }
        if (depth >= Short.MAX_VALUE) {
            throw new dev.paje.read.EventError("states nested deeper than " + Short.MAX_VALUE + " levels");
        }
        rows[depth] = table.open(time, value, depth);
        depth++;
    }

    void pop(double time) {
        table.close(rows[--depth], time);
    }

    /** Row of the innermost open state. */
    int top() {
        return rows[depth - 1];
    }

    /** Closes every open state at {@code time}. */
    void clear(double time) {
        while (depth > 0) {
            pop(time);
        }
    }
}
