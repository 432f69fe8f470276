package dev.paje.server;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.paje.query.Window;
import dev.paje.store.VariableTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * The steps of one variable in a window: steps at least one pixel long as items, the shorter
 * ones as min/max/last per pixel they touch. One per request, reset per table.
 */
final class VariableSummarizer {
    private final PixelGrid grid;
    private final double traceEnd;
    private double[] min;
    private double[] max;
    private double[] last;
    private boolean[] touched;
    private int[] order;
    private int touchedCount;

    VariableSummarizer(PixelGrid grid, double traceEnd) {
        this.grid = grid;
        this.traceEnd = traceEnd;
    }

    /** Writes {@code "items": [...], "summary": [...]} into the current object. */
    void write(JsonGenerator g, VariableTable t) throws IOException {
        touchedCount = 0;
        g.writeArrayFieldStart("items");
        try {
            Window.variables(t, grid.start, grid.end, row -> {
                double s = t.start(row);
                double e = t.end(row);
                if (Double.isNaN(e)) {
                    e = traceEnd;
                }
                if (grid.exact(e - s)) {
                    try {
                        g.writeStartObject();
                        g.writeNumberField("row", row);
                        g.writeNumberField("start", s);
                        g.writeNumberField("end", e);
                        Json.number(g, "value", t.value(row));
                        g.writeEndObject();
                    } catch (IOException x) {
                        throw new UncheckedIOException(x);
                    }
                } else {
                    accumulate(grid.of(Math.max(s, grid.start)), grid.of(Math.min(e, grid.end)), t.value(row));
                }
            });
        } catch (UncheckedIOException x) {
            throw x.getCause();
        }
        g.writeEndArray();
        writeSummary(g);
    }

    private void accumulate(int first, int lastPx, double v) {
        if (touched == null) {
            min = new double[grid.width];
            max = new double[grid.width];
            last = new double[grid.width];
            touched = new boolean[grid.width];
            order = new int[grid.width];
        }
        for (int p = first; p <= lastPx; p++) {
            if (!touched[p]) {
                touched[p] = true;
                order[touchedCount++] = p;
                min[p] = v;
                max[p] = v;
            } else {
                min[p] = Math.min(min[p], v);
                max[p] = Math.max(max[p], v);
            }
            last[p] = v; // steps come in time order
        }
    }

    private void writeSummary(JsonGenerator g) throws IOException {
        g.writeArrayFieldStart("summary");
        if (touchedCount > 1) {
            Arrays.sort(order, 0, touchedCount);
        }
        for (int i = 0; i < touchedCount; i++) {
            int p = order[i];
            touched[p] = false;
            g.writeStartObject();
            g.writeNumberField("px", p);
            Json.number(g, "min", min[p]);
            Json.number(g, "max", max[p]);
            Json.number(g, "last", last[p]);
            g.writeEndObject();
        }
        g.writeEndArray();
    }
}
