package dev.paje.view;

import dev.paje.format.JsonOut;
import dev.paje.query.PixelGrid;
import dev.paje.store.Container;
import dev.paje.store.Type;
import java.io.IOException;
import java.util.List;

/**
 * The time-window contract of the viewer: for a window of {@code width} pixels and some containers,
 * what to draw per container and entity type (one sample per pixel), and the aggregated rows of
 * collapsed containers, written as JSON while it is computed.
 *
 * @param grid the window and its pixels
 * @param containers the rows, in order
 * @param types the entity types to answer for
 * @param tables the store's tables (seconds) or their logical copies
 * @param dominant runs of each pixel's dominant state value, for thin rows
 * @param aggregated collapsed containers to answer for as aggregates (real time only)
 */
public record WindowAnswer(PixelGrid grid, List<Container> containers, List<Type> types, WindowTables tables,
        boolean dominant, List<Container> aggregated) {
    private static final int CORES = InOrderParts.CORES;
    private static final int MIN_PART = 8; // containers: below that, splitting costs more than it saves
    /** Parts per core: rows cost unequally (a thread's states cost more than a node's variable), small parts even out. */
    private static final int PARTS_PER_CORE = 4;

    /**
     * The envelope, then the rows: split in parts rendered on all cores when there are many
     * containers (a zoomed-out window of a hundred rows is a million entities to sample).
     */
    public void write(TraceView model, JsonOut g) throws IOException {
        WindowRows rows = new WindowRows(model, grid, types, tables, dominant, g.binary());
        g.beginObject();
        g.name("start").value(grid.start());
        g.name("end").value(grid.end());
        g.name("width").value(grid.width());
        g.name("pixel").value(grid.pixel());
        g.name("rows").beginArray();
        int parts = Math.min(CORES * PARTS_PER_CORE, containers.size() / MIN_PART);
        if (CORES == 1 || parts <= 1) {
            rows.write(g, containers);
        } else {
            new InOrderParts(rows::render, containers, parts).write(g, rows::write);
        }
        g.endArray();
        if (!aggregated.isEmpty()) {
            new AggregateRows(grid, types, tables.end()).write(g, aggregated);
        }
        g.endObject();
    }
}
