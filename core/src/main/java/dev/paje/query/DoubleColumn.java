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
        g.beginArray();
        for (int i = 0, n = size(); i < n; i++) {
            g.value(get(i), decimals);
        }
        g.endArray();
    }

    @Override
    void writeCell(JsonOut g, long cell) throws IOException {
        g.value(Double.longBitsToDouble(cell));
    }
}
