package dev.paje.query;

import dev.paje.format.JsonOut;
import java.io.IOException;
import java.util.Arrays;

/**
 * A growable column that samplers reuse from table to table, so sampling allocates nothing. One
 * store for both kinds: 64-bit cells holding an int, or a double's bits; the subclass is the typed
 * view (and how a value is written as JSON).
 */
public abstract sealed class Column permits IntColumn, DoubleColumn {
    private long[] cells = new long[64];
    private int size;

    Column() {
    }

    public final int size() {
        return size;
    }

    /** The column as a JSON array. */
    public final void write(JsonOut g) throws IOException {
        write(g, cells, size);
    }

    /** Writes {@code cells[0..size)} as a JSON array of this column's kind, in one call (one tight loop). */
    abstract void write(JsonOut g, long[] cells, int size) throws IOException;

    /** The cells behind, valid up to {@link #size()}: for the typed views' bulk writes. */
    final long[] cells() {
        return cells;
    }

    final long cell(int i) {
        checkIndex(i);
        return cells[i];
    }

    final void addCell(long cell) {
        if (size == cells.length) {
            cells = Arrays.copyOf(cells, size * 2);
        }
        cells[size++] = cell;
    }

    final void setCell(int i, long cell) {
        checkIndex(i);
        cells[i] = cell;
    }

    /** The array behind is longer than the size: what lies past it is a previous table's. */
    private void checkIndex(int i) {
        if (i >= size) {
            throw new IndexOutOfBoundsException(i + " of " + size);
        }
    }

    final void clear() {
        size = 0;
    }
}
