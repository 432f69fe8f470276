package dev.paje.store;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.util.Arrays;

/**
 * A column of doubles: a growable array while the simulator fills it, or a read-only view of a
 * memory-mapped cache file once reopened (so that traces larger than the heap can be opened).
 */
public final class DoubleColumn {
    private double[] array;
    private DoubleBuffer buffer;
    private int size;

    public DoubleColumn() {
        array = new double[8];
    }

    private DoubleColumn(DoubleBuffer buffer, int size) {
        this.buffer = buffer;
        this.size = size;
    }

    /** A column over {@code size} little-endian doubles of a (mapped) buffer. */
    public static DoubleColumn of(ByteBuffer bytes, int size) {
        return new DoubleColumn(bytes.order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer(), size);
    }

    public double get(int i) {
        double[] a = array;
        return a != null ? a[i] : buffer.get(i);
    }

    public void set(int i, double v) {
        array[i] = v;
    }

    /** Appends {@code v} and returns its index. */
    public int add(double v) {
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
            le.putDouble(get(i));
        }
    }
}
