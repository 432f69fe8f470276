package dev.paje.server;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.paje.query.Window;
import dev.paje.store.LinkTable;
import java.io.IOException;

/**
 * The links held by one container in a window: sent as items while sparse (at most two per pixel
 * on average, long or short: links overlap, so even long ones can number in the hundreds of
 * thousands in a zoomed-out view); beyond that, counted per pixel of their start.
 */
final class LinkSummarizer {
    private final PixelGrid grid;
    private final SparseOrCounts links;

    LinkSummarizer(PixelGrid grid) {
        this.grid = grid;
        this.links = new SparseOrCounts(grid);
    }

    /** Writes {@code "items": [...], "summary": [...]} into the current object. */
    void write(JsonGenerator g, LinkTable t) throws IOException {
        links.reset(t::start);
        Window.links(t, grid.start, grid.end, links::add);
        g.writeArrayFieldStart("items");
        for (int i = 0; i < links.size(); i++) {
            item(g, t, links.row(i));
        }
        g.writeEndArray();
        links.writeSummary(g);
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
