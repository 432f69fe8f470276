package dev.paje.query;

import dev.paje.format.JsonOut;
import java.io.IOException;

/** A growable column of doubles, kept as their bits (see {@link Column}). */
public final class DoubleColumn extends Column {
    public double get(int i) {
        return Double.longBitsToDouble(cell(i));
    }

    void add(double v) {
        addCell(Double.doubleToRawLongBits(v));
    }

    void set(int i, double v) {
        setCell(i, Double.doubleToRawLongBits(v));
    }

    /** The column as a JSON array of its values rounded to {@code decimals} places ({@link JsonOut#value(double, int)}). */
    public void write(JsonOut g, int decimals) throws IOException {
        if (decimals < 0 || decimals > 9) {
            throw new IllegalArgumentException("decimals must be 0 to 9, found " + decimals);
        }
        g.doubleArray(cells(), size(), decimals);
    }

    /** The column as a JSON array of ints, each value times {@code factor} rounded ({@link JsonOut#roundedArray}). */
    public void writeRounded(JsonOut g, double factor) throws IOException {
        g.roundedArray(cells(), size(), factor);
    }

    @Override
    void write(JsonOut g, long[] cells, int size) throws IOException {
        g.doubleArray(cells, size, -1);
    }
}
