package dev.paje.view;

import dev.paje.format.JsonOut;
import dev.paje.query.DoubleColumn;
import dev.paje.query.IntColumn;
import dev.paje.query.PointSampler;
import dev.paje.query.StateSampler;
import dev.paje.query.VariableSampler;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import java.io.IOException;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntUnaryOperator;

/**
 * Writes what the samplers found as columns ({@code {"row": [...], "start": [...]}}) rather than
 * one object per entity: a zoomed-out window holds hundreds of thousands of them, and field names
 * and objects were most of the answer's bytes and of the server's time.
 */
final class WindowWriter {
    static final int PERMILLE = 1000;

    private final JsonOut g;
    /** A column of the store's rows gathered for one array write (events' and links' exact items). */
    private long[] gathered = new long[64];

    WindowWriter(JsonOut g) {
        this.g = g;
    }

    /** Dominant values only ({@code dominant=1}): runs of pixels, for rows too thin to show shares or items. */
    void dominantStates(StateSampler s) throws IOException {
        s.dominant();
        g.name("runs").beginObject();
        ints("px", s.runPx);
        ints("length", s.runLength);
        ints("value", s.runValue);
        g.endObject();
    }

    void states(StateSampler s) throws IOException {
        beginItems(s.itemRow, s.itemStart, s.itemEnd);
        ints("value", s.itemValue);
        ints("level", s.itemLevel);
        g.endObject();
        beginSummary(s.cellPx);
        ints("level", s.cellLevel);
        ints("count", s.cellCount);
        ints("value", s.shareValue);
        s.share.writeRounded(g.name("permille"), PERMILLE);
        g.endObject();
    }

    void events(PointSampler s, EventTable t) throws IOException {
        g.name("items").beginObject();
        ints("row", s.rows);
        doubles("time", s.rows, t::time);
        ints("value", s.rows, t::value);
        g.endObject();
        counts(s);
    }

    void links(PointSampler s, LinkTable t) throws IOException {
        links(s, t, IntUnaryOperator.identity());
    }

    /** Links of a table whose rows are not the store's (logical time): {@code storeRows} maps them back. */
    void links(PointSampler s, LinkTable t, IntUnaryOperator storeRows) throws IOException {
        g.name("items").beginObject();
        ints("row", s.rows, storeRows);
        doubles("start", s.rows, t::start);
        doubles("end", s.rows, t::end);
        ints("value", s.rows, t::value);
        ints("from", s.rows, t::from);
        ints("to", s.rows, t::to);
        g.endObject();
        counts(s);
    }

    /**
     * A variable's steps: exact ones with their values as stored; summarized pixels with theirs rounded
     * to a millionth of the variable's range {@code [min, max]} (the row's scale: nothing a pixel shows,
     * and the three values per pixel were most of a zoomed-out answer's bytes and time).
     */
    void variables(VariableSampler s, double min, double max) throws IOException {
        beginItems(s.itemRow, s.itemStart, s.itemEnd);
        doubles("value", s.itemValue);
        g.endObject();
        beginSummary(s.cellPx);
        int decimals = decimals(min, max);
        cellValues("min", s.cellMin, decimals);
        cellValues("max", s.cellMax, decimals);
        cellValues("last", s.cellLast, decimals);
        g.endObject();
    }

    /**
     * The decimal places that write values to within a millionth of {@code max - min}, or -1 when the
     * range says nothing (empty, constant, not finite) or asks for more than 9 places: then values are
     * written exactly.
     */
    static int decimals(double min, double max) {
        double quantum = (max - min) * 1e-6;
        if (!(quantum > 0) || !Double.isFinite(quantum)) {
            return -1;
        }
        int d = (int) Math.ceil(-Math.log10(quantum));
        return d > 9 ? -1 : Math.max(0, d);
    }

    private void cellValues(String name, DoubleColumn c, int decimals) throws IOException {
        if (decimals < 0) {
            doubles(name, c);
        } else {
            c.write(g.name(name), decimals);
        }
    }

    private void counts(PointSampler s) throws IOException {
        beginSummary(s.countPx);
        ints("count", s.count);
        g.endObject();
    }

    /** Opens the {@code items} object at the columns of every entity drawn exactly from a sampler's own columns. */
    private void beginItems(IntColumn row, DoubleColumn start, DoubleColumn end) throws IOException {
        g.name("items").beginObject();
        ints("row", row);
        doubles("start", start);
        doubles("end", end);
    }

    /** Opens the {@code summary} object at its pixel column. */
    private void beginSummary(IntColumn px) throws IOException {
        g.name("summary").beginObject();
        ints("px", px);
    }

    private void ints(String name, IntColumn c) throws IOException {
        c.write(g.name(name));
    }

    /** A column of the store's rows listed in {@code rows}. */
    private void ints(String name, IntColumn rows, IntUnaryOperator column) throws IOException {
        long[] cells = gather(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            cells[i] = column.applyAsInt(rows.get(i));
        }
        g.name(name).intArray(cells, rows.size());
    }

    private void doubles(String name, IntColumn rows, IntToDoubleFunction column) throws IOException {
        long[] cells = gather(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            cells[i] = Double.doubleToRawLongBits(column.applyAsDouble(rows.get(i)));
        }
        g.name(name).doubleArray(cells, rows.size(), -1);
    }

    /** An array of at least {@code size} cells, reused: one array write per column, JSON or binary alike. */
    private long[] gather(int size) {
        if (gathered.length < size) {
            gathered = new long[Math.max(size, 2 * gathered.length)];
        }
        return gathered;
    }

    private void doubles(String name, DoubleColumn c) throws IOException {
        c.write(g.name(name));
    }
}
