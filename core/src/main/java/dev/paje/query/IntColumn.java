package dev.paje.query;

import dev.paje.format.JsonOut;
import java.io.IOException;
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

    /** The column as a JSON array. */
    public void write(JsonOut g) throws IOException {
        g.beginArray();
        for (int i = 0; i < size; i++) {
            g.value(values[i]);
        }
        g.endArray();
    }

    void clear() {
        size = 0;
    }
}
