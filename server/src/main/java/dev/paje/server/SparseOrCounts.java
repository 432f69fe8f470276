package dev.paje.server;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.Arrays;
import java.util.function.IntToDoubleFunction;

/**
 * Rows of events or short links in a window: kept while sparse (at most two per pixel on
 * average), counted per pixel as soon as there are more. One per request, reset per table.
 */
final class SparseOrCounts {
    private final PixelGrid grid;
    private final int limit;
    private int[] rows = new int[64];
    private int size;
    private int[] counts; // per pixel, once dense
    private boolean dense;
    private IntToDoubleFunction time;

    SparseOrCounts(PixelGrid grid) {
        this.grid = grid;
        this.limit = 2 * grid.width;
    }

    /** Starts over for a table whose rows are placed at {@code time.applyAsDouble(row)}. */
    void reset(IntToDoubleFunction time) {
        this.time = time;
        size = 0;
        if (dense) {
            Arrays.fill(counts, 0);
            dense = false;
        }
    }

    void add(int row) {
        if (dense) {
            counts[grid.of(time.applyAsDouble(row))]++;
            return;
        }
        if (size == limit) {
            if (counts == null) {
                counts = new int[grid.width];
            }
            dense = true;
            for (int i = 0; i < size; i++) {
                counts[grid.of(time.applyAsDouble(rows[i]))]++;
            }
            size = 0;
            counts[grid.of(time.applyAsDouble(row))]++;
            return;
        }
        if (size == rows.length) {
            rows = Arrays.copyOf(rows, Math.min(limit, size * 2));
        }
        rows[size++] = row;
    }

    /** The rows kept, when sparse (none once dense). */
    int size() {
        return size;
    }

    int row(int i) {
        return rows[i];
    }

    /** Writes {@code "summary": [{"px", "count"}...]} for the counted rows (empty when sparse). */
    void writeSummary(JsonGenerator g) throws IOException {
        g.writeArrayFieldStart("summary");
        if (dense) {
            for (int p = 0; p < counts.length; p++) {
                if (counts[p] > 0) {
                    g.writeStartObject();
                    g.writeNumberField("px", p);
                    g.writeNumberField("count", counts[p]);
                    g.writeEndObject();
                }
            }
        }
        g.writeEndArray();
    }
}
