package dev.paje.server;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.paje.query.Window;
import dev.paje.store.StateTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * The states of one container and type in a window: states at least one pixel long as items,
 * the others as the share of each pixel's time per nesting level and value. One per request.
 */
final class StateSummarizer {
    private static final int PX_SHIFT = 49;
    private static final int LEVEL_SHIFT = 32;
    private static final long LEVEL_MAX = (1L << (PX_SHIFT - LEVEL_SHIFT)) - 1;

    private final PixelGrid grid;
    private final double traceEnd;
    private final LongDoubleMap shares = new LongDoubleMap();

    StateSummarizer(PixelGrid grid, double traceEnd) {
        this.grid = grid;
        this.traceEnd = traceEnd;
    }

    /** Writes {@code "items": [...], "summary": [...]} into the current object. */
    void write(JsonGenerator g, StateTable t) throws IOException {
        shares.clear();
        g.writeArrayFieldStart("items");
        try {
            Window.states(t, grid.start, grid.end, row -> {
                double s = t.start(row);
                double e = t.end(row);
                if (Double.isNaN(e)) {
                    e = traceEnd;
                }
                try {
                    if (grid.exact(e - s)) {
                        item(g, t, row, s, e);
                    } else {
                        accumulate(Math.max(s, grid.start), Math.min(e, grid.end), t.level(row), t.value(row));
                    }
                } catch (IOException x) {
                    throw new UncheckedIOException(x);
                }
            });
        } catch (UncheckedIOException x) {
            throw x.getCause();
        }
        g.writeEndArray();
        writeSummary(g);
    }

    private static void item(JsonGenerator g, StateTable t, int row, double s, double e) throws IOException {
        g.writeStartObject();
        g.writeNumberField("row", row);
        g.writeNumberField("start", s);
        Json.number(g, "end", e);
        g.writeNumberField("value", t.value(row));
        g.writeNumberField("level", t.level(row));
        g.writeEndObject();
    }

    private void accumulate(double a, double b, int level, int value) {
        long base = (Math.min(Math.max(level, 0), LEVEL_MAX) << LEVEL_SHIFT) | (value & 0xFFFFFFFFL);
        int first = grid.of(a);
        int last = grid.of(b);
        if (!(b > a)) {
            shares.add(((long) first << PX_SHIFT) | base, 0); // an instant: present, with no time
            return;
        }
        // one pixel either side: the division in of() and the edges may disagree by one ulp
        for (int p = Math.max(0, first - 1); p <= Math.min(grid.width - 1, last + 1); p++) {
            double o = grid.overlap(a, b, p);
            if (o > 0 || p == first) {
                shares.add(((long) p << PX_SHIFT) | base, o);
            }
        }
    }

    private void writeSummary(JsonGenerator g) throws IOException {
        g.writeArrayFieldStart("summary");
        long[] keys = shares.keys();
        Arrays.sort(keys);
        int i = 0;
        while (i < keys.length) {
            long group = keys[i] >>> LEVEL_SHIFT; // pixel and level
            g.writeStartObject();
            g.writeNumberField("px", (int) (keys[i] >>> PX_SHIFT));
            g.writeNumberField("level", (int) (group & LEVEL_MAX));
            g.writeArrayFieldStart("values");
            for (; i < keys.length && keys[i] >>> LEVEL_SHIFT == group; i++) {
                g.writeStartArray();
                g.writeNumber((int) keys[i]);
                g.writeNumber(grid.pixel > 0 ? shares.get(keys[i]) / grid.pixel : 0);
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
    }
}
