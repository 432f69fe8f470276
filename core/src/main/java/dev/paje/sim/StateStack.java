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
    /**
     * The rows and values of the two outermost open states, in fields: most stacks are no deeper, and such a stack is
     * one object (with thousands of tables in flight, each array was one more cold cache line per state change).
     */
    private int row0;
    private int row1;
    private int value0;
    private int value1;
    /** Levels from 2 up: the row and value of level {@code 2 + i} at {@code [2i]} and {@code [2i + 1]}; null until then. */
    private int[] deeper;
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

    private int row(int level) {
        return level == 0 ? row0 : level == 1 ? row1 : deeper[2 * (level - 2)];
    }

    private int value(int level) {
        return level == 0 ? value0 : level == 1 ? value1 : deeper[2 * (level - 2) + 1];
    }

    private void setRow(int level, int row) {
        if (level == 0) {
            row0 = row;
        } else if (level == 1) {
            row1 = row;
        } else {
            deeper[2 * (level - 2)] = row;
        }
    }

    /** Room for {@code levels} levels. */
    private void room(int levels) {
        int need = 2 * (levels - 2);
        if (need > 0 && (deeper == null || deeper.length < need)) {
            deeper = Arrays.copyOf(deeper == null ? new int[0] : deeper, Math.max(need, deeper == null ? 8 : deeper.length * 2));
        }
    }

    void push(double time, int value) {
        if (depth >= Short.MAX_VALUE) {
            throw new dev.paje.read.EventError("states nested deeper than " + Short.MAX_VALUE + " levels");
        }
        room(depth + 1);
        if (flat && depth > 0) {
            table.close(row(depth - 1), time);
        }
        int row = table.open(time, value, depth);
        if (depth == 0) {
            row0 = row;
            value0 = value;
        } else if (depth == 1) {
            row1 = row;
            value1 = value;
        } else {
            deeper[2 * (depth - 2)] = row;
            deeper[2 * (depth - 2) + 1] = value;
        }
        depth++;
    }

    void pop(double time) {
        table.close(row(--depth), time);
        if (flat && depth > 0) {
            // the state under is at level depth - 1, as every stacked state is at its index
            setRow(depth - 1, table.open(time, value(depth - 1), depth - 1));
        }
    }

    /**
     * Sets the depth a run of changes applied in bulk ends at ({@link RunMerge}): only for a table that drops
     * its rows, whose row numbers and values nobody reads back.
     */
    void settle(int newDepth) {
        room(newDepth);
        depth = newDepth;
    }

    /** Row of the innermost open state. */
    int top() {
        return row(depth - 1);
    }

    /** Closes every stacked state at {@code time} (when flat, also those a push had ended: PajeNG does). */
    void clear(double time) {
        while (depth > 0) {
            table.close(row(--depth), time);
        }
    }
}
