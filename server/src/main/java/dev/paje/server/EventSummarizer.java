package dev.paje.server;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.paje.query.Window;
import dev.paje.store.EventTable;
import java.io.IOException;

/** The events of one container and type in a window: every one while sparse, else counts per pixel. */
final class EventSummarizer {
    private final PixelGrid grid;
    private final SparseOrCounts rows;

    EventSummarizer(PixelGrid grid) {
        this.grid = grid;
        this.rows = new SparseOrCounts(grid);
    }

    /** Writes {@code "items": [...], "summary": [...]} into the current object. */
    void write(JsonGenerator g, EventTable t) throws IOException {
        rows.reset(t::time);
        Window.events(t, grid.start, grid.end, rows::add);
        g.writeArrayFieldStart("items");
        for (int i = 0; i < rows.size(); i++) {
            int row = rows.row(i);
            g.writeStartObject();
            g.writeNumberField("row", row);
            g.writeNumberField("time", t.time(row));
            g.writeNumberField("value", t.value(row));
            g.writeEndObject();
        }
        g.writeEndArray();
        rows.writeSummary(g);
    }
}
