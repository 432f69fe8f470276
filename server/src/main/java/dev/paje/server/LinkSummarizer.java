package dev.paje.server;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.paje.query.Window;
import dev.paje.store.LinkTable;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The links held by one container in a window: links at least one pixel long as items, and the
 * shorter ones too while sparse; otherwise those are counted per pixel (of their start).
 */
final class LinkSummarizer {
    private final PixelGrid grid;
    private final SparseOrCounts shortOnes;

    LinkSummarizer(PixelGrid grid) {
        this.grid = grid;
        this.shortOnes = new SparseOrCounts(grid);
    }

    /** Writes {@code "items": [...], "summary": [...]} into the current object. */
    void write(JsonGenerator g, LinkTable t) throws IOException {
        shortOnes.reset(t::start);
        g.writeArrayFieldStart("items");
        try {
            Window.links(t, grid.start, grid.end, row -> {
                if (grid.exact(t.end(row) - t.start(row))) {
                    try {
                        item(g, t, row);
                    } catch (IOException x) {
                        throw new UncheckedIOException(x);
                    }
                } else {
                    shortOnes.add(row);
                }
            });
        } catch (UncheckedIOException x) {
            throw x.getCause();
        }
        for (int i = 0; i < shortOnes.size(); i++) {
            item(g, t, shortOnes.row(i));
        }
        g.writeEndArray();
        shortOnes.writeSummary(g);
    }

    private static void item(JsonGenerator g, LinkTable t, int row) throws IOException {
        g.writeStartObject();
        g.writeNumberField("row", row);
        g.writeNumberField("start", t.start(row));
        g.writeNumberField("end", t.end(row));
        g.writeNumberField("value", t.value(row));
        g.writeNumberField("from", t.from(row));
        g.writeNumberField("to", t.to(row));
        g.writeEndObject();
    }
}
