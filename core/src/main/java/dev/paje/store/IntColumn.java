package dev.paje.store;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.Arrays;

/**
 * A column of ints: a growable array while the simulator fills it, or a read-only view of a
 * memory-mapped cache file once reopened (so that traces larger than the heap can be opened).
 */
public final class IntColumn {
    private int[] array;
    private IntBuffer buffer;
    private int size;

    public IntColumn() {
        array = new int[8];
    }

    private IntColumn(IntBuffer buffer, int size) {
        this.buffer = buffer;
        this.size = size;
    }

    /** A column over {@code size} little-endian ints of a (mapped) buffer. */
    public static IntColumn of(ByteBuffer bytes, int size) {
        return new IntColumn(bytes.order(ByteOrder.LITTLE_ENDIAN).asIntBuffer(), size);
    }

    public int get(int i) {
        int[] a = array;
        return a != null ? a[i] : buffer.get(i);
    }

    public void set(int i, int v) {
        array[i] = v;
    }

    /** Appends {@code v} and returns its index. */
    public int add(int v) {
        if (size == array.length) {
            array = Arrays.copyOf(array, size * 2);
        }
        array[size] = v;
        return size++;
    }

    public int size() {
        return size;
    }

    public void trim() {
        if (array != null && array.length != size) {
            array = Arrays.copyOf(array, size);
        }
    }

    /** Writes the values, little-endian, into {@code out} (which must have room for them). */
    public void writeTo(ByteBuffer out) {
        ByteBuffer le = out.order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < size; i++) {
            le.putInt(get(i));
        }
    }
}
