package dev.paje.store;

import java.util.Arrays;

/** The point events of one event type in one container, in columns, in time order. */
public final class EventTable {
    private double[] time = new double[8];
    private int[] value = new int[8];
    private int size;
    private UserColumns user;

    public int add(double t, int valueIndex) {
        if (size == time.length) {
            time = Arrays.copyOf(time, size * 2);
            value = Arrays.copyOf(value, size * 2);
        }
        time[size] = t;
        value[size] = valueIndex;
        return size++;
    }

    /** Releases the spare capacity of the columns (after loading). */
    public void trim() {
        time = Arrays.copyOf(time, size);
        value = Arrays.copyOf(value, size);
    }

    public int size() {
        return size;
    }

    public double time(int row) {
        return time[row];
    }

    public int value(int row) {
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
