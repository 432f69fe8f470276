package dev.paje.query;

import java.util.Arrays;

/** A growable column of ints that samplers reuse from table to table, so sampling allocates nothing. */
public final class IntColumn {
    private int[] values = new int[64];
    private int size;

    public int size() {
        return size;
    }

    public int get(int i) {
        if (i >= size) {
            throw new IndexOutOfBoundsException(i + " of " + size);
        }
        return values[i];
    }

    void add(int v) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = v;
    }

    void set(int i, int v) {
        if (i >= size) {
            throw new IndexOutOfBoundsException(i + " of " + size);
        }
        values[i] = v;
    }

    void clear() {
        size = 0;
    }
}
