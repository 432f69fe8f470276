package dev.paje.store;

import java.util.Arrays;

/**
 * A variable of one container as a step function: one row per interval of constant value, in
 * time order. The last interval's end is NaN while the variable is still open.
 */
public final class VariableTable {
    private double[] start = new double[8];
    private double[] end = new double[8];
    private double[] value = new double[8];
    private int size;
    private UserColumns user;

    /**
     * Starts a new interval at {@code time} with {@code v}, closing the previous one there. A change
     * at the very time the open interval started replaces its value: no zero-length steps.
     */
    public int step(double time, double v) {
        if (size > 0 && Double.isNaN(end[size - 1])) {
            if (start[size - 1] == time) {
                value[size - 1] = v;
                return size - 1;
            }
            end[size - 1] = time;
        }
        if (size == start.length) {
            int n = size * 2;
            start = Arrays.copyOf(start, n);
            end = Arrays.copyOf(end, n);
            value = Arrays.copyOf(value, n);
        }
        start[size] = time;
        end[size] = Double.NaN;
        value[size] = v;
        return size++;
    }

    /** Closes the open interval, if any, at {@code time}. */
    public void close(double time) {
        if (size > 0 && Double.isNaN(end[size - 1])) {
            end[size - 1] = time;
        }
    }

    /** The current value: that of the last interval (0 before any). */
    public double current() {
        return size == 0 ? 0 : value[size - 1];
    }

    /** Releases the spare capacity of the columns (after loading). */
    public void trim() {
        start = Arrays.copyOf(start, size);
        end = Arrays.copyOf(end, size);
        value = Arrays.copyOf(value, size);
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

    public double value(int row) {
        return value[row];
    }

    public UserColumns user() {
        if (user == null) {
            user = new UserColumns();
        }
        return user;
    }

    public UserColumns userOrNull() {
        return user;
    }
}
