package dev.paje.server;

import com.sun.net.httpserver.HttpExchange;
import dev.paje.query.PixelGrid;
import dev.paje.store.Container;
import dev.paje.store.Type;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code GET /api/window?start=S&end=E&width=W&containers=1,2[&types=3,4]}: what to draw for a
 * time window, per container and entity type, streamed as it is computed.
 */
final class WindowHandler implements Endpoint {
    static final int MAX_WIDTH = 10_000;
    static final int MAX_CONTAINERS = 2_000;

    private static final int CORES = Runtime.getRuntime().availableProcessors();
    private static final int MIN_PART = 16; // containers: below that, splitting costs more than it saves

    private final TraceModel model;
    private final LogicalView logical;

    WindowHandler(TraceModel model) {
        this(model, null);
    }

    /** With {@code logical}, also answers {@code time=logical} (times in logical units, docs/api.md). */
    WindowHandler(TraceModel model, LogicalView logical) {
        this.model = model;
        this.logical = logical;
    }

    @Override
    public void handle(HttpExchange ex, Params params) throws IOException {
        double start = params.number("start");
        double end = params.number("end");
        int width = params.integer("width", 1, MAX_WIDTH);
        if (start > end) {
            throw ApiException.badRequest("start must not be after end, found start=" + start + " and end=" + end);
        }
        int[] ids = params.ids("containers", MAX_CONTAINERS);
        List<Container> containers = new ArrayList<>(ids.length);
        for (int id : ids) {
            containers.add(model.container(id));
        }
        List<Type> types = model.entityTypes();
        if (params.has("types")) {
            types = new ArrayList<>();
            for (int id : params.ids("types", Integer.MAX_VALUE)) {
                types.add(model.entityType(id));
            }
        }
        List<Type> selected = types;
        boolean dominant = params.has("dominant") && params.integer("dominant", 0, 1) == 1;
        WindowTables tables = WindowTables.of(params, model, logical);
        PixelGrid grid = new PixelGrid(start, end, width);
        List<Container> aggregated = aggregated(params);
        Json.headers(ex);
        ex.sendResponseHeaders(200, 0);
        try (JsonOut out = new JsonOut(ex.getResponseBody())) {
            write(out, grid, containers, selected, tables, dominant, aggregated);
        }
    }

    /** Writes the answer for every entity type of {@code ids} (measurements call this without HTTP). */
    void answer(java.io.OutputStream out, double start, double end, int width, int[] ids) throws IOException {
        List<Container> containers = new ArrayList<>(ids.length);
        for (int id : ids) {
            containers.add(model.container(id));
        }
        try (JsonOut g = new JsonOut(out)) {
            write(g, new PixelGrid(start, end, width), containers, model.entityTypes(), WindowTables.store(model), false, List.of());
        }
    }

    /** The containers of {@code aggregate=} (real time only: aggregates read the store's tables and lifetimes). */
    private List<Container> aggregated(Params params) {
        List<Container> out = new ArrayList<>();
        if (!params.has("aggregate")) {
            return out;
        }
        if (params.has("time") && !"real".equals(params.text("time"))) {
            throw ApiException.badRequest("aggregate is only available in real time");
        }
        for (int id : params.ids("aggregate", AggregateRows.MAX_AGGREGATES)) {
            out.add(model.container(id));
        }
        return out;
    }

    /**
     * The envelope, then the rows: split in parts rendered on all cores when there are many
     * containers (a zoomed-out window of a hundred rows is a million entities to sample).
     */
    private void write(JsonOut g, PixelGrid grid, List<Container> containers, List<Type> types, WindowTables tables,
            boolean dominant, List<Container> aggregated) throws IOException {
        WindowRows rows = new WindowRows(model, grid, types, tables, dominant);
        g.beginObject();
        g.name("start").value(grid.start());
        g.name("end").value(grid.end());
        g.name("width").value(grid.width());
        g.name("pixel").value(grid.pixel());
        g.name("rows").beginArray();
        int parts = Math.min(CORES, containers.size() / MIN_PART);
        if (parts <= 1) {
            rows.write(g, containers);
        } else {
            List<CompletableFuture<byte[]>> later = new ArrayList<>();
            int size = (containers.size() + parts - 1) / parts;
            for (int from = size; from < containers.size(); from += size) {
                List<Container> part = containers.subList(from, Math.min(containers.size(), from + size));
                later.add(CompletableFuture.supplyAsync(() -> rows.render(part)));
            }
            g.splice(rows.render(containers.subList(0, size)));
            for (CompletableFuture<byte[]> part : later) {
                g.splice(part.join());
            }
        }
        g.endArray();
        if (!aggregated.isEmpty()) {
            new AggregateRows(grid, types, tables.end()).write(g, aggregated);
        }
        g.endObject();
    }
}
