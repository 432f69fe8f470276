package dev.paje.query;

import dev.paje.format.JsonOut;
import java.io.IOException;

/** A growable column of ints (see {@link Column}). */
public final class IntColumn extends Column {
    public int get(int i) {
        return (int) cell(i);
    }

    void add(int v) {
        addCell(v);
    }

    void set(int i, int v) {
        setCell(i, v);
    }

    @Override
    void write(JsonOut g, long[] cells, int size) throws IOException {
        g.intArray(cells, size);
    }
}
