package dev.paje.store;

import java.util.Arrays;

/**
 * The states of one state type in one container, in columns, in order of start time. A state's
 * end is NaN while it is open. Nesting level 0 is the outermost state.
 */
public final class StateTable {
    private double[] start = new double[8];
    private double[] end = new double[8];
    private int[] value = new int[8];
    private short[] level = new short[8];
    private int size;
    private UserColumns user;

    /** Appends an open state and returns its row. */
    public int open(double time, int valueIndex, int nesting) {
        if (size == start.length) {
            int n = size * 2;
            start = Arrays.copyOf(start, n);
            end = Arrays.copyOf(end, n);
            value = Arrays.copyOf(value, n);
            level = Arrays.copyOf(level, n);
        }
        start[size] = time;
        end[size] = Double.NaN;
        value[size] = valueIndex;
        level[size] = (short) nesting;
        return size++;
    }

    public void close(int row, double time) {
        end[row] = time;
    }

    /** Releases the spare capacity of the columns (after loading). */
    public void trim() {
        start = Arrays.copyOf(start, size);
        end = Arrays.copyOf(end, size);
        value = Arrays.copyOf(value, size);
        level = Arrays.copyOf(level, size);
    }

    public int size() {
        return size;
    }

    public double start(int row) {
        return start[row];
    }

    public double end(int row) {
        return end[row];
    }

    public int value(int row) {
        return value[row];
    }

    public int level(int row) {
        return level[row];
    }

    /** User fields of the rows, created on first use. */
    public UserColumns user() {
        if (user == null) {
            user = new UserColumns();
        }
        return user;
    }

    /** User fields, or null when no row has any. */
    public UserColumns userOrNull() {
        return user;
    }
}
