package dev.paje.server;

import com.sun.net.httpserver.HttpExchange;
import dev.paje.format.JsonOut;
import dev.paje.query.PixelGrid;
import dev.paje.store.Container;
import dev.paje.store.Type;
import dev.paje.view.AggregateRows;
import dev.paje.view.LogicalView;
import dev.paje.view.TraceView;
import dev.paje.view.WindowAnswer;
import dev.paje.view.WindowTables;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code GET /api/window?start=S&end=E&width=W&containers=1,2[&types=3,4]}: what to draw for a
 * time window, per container and entity type, streamed as it is computed.
 */
final class WindowHandler implements Endpoint {
    static final int MAX_WIDTH = 10_000;
    static final int MAX_CONTAINERS = 2_000;

    private final TraceView model;
    private final LogicalView logical;
    /** A request came: the warm-up ({@link WarmUp}) has nothing left to do for it. */
    private volatile boolean asked;
    /** Window requests being answered, and when the last one ended: the warm-up works only between them ({@link #idle}). */
    private final AtomicInteger answering = new AtomicInteger();
    private volatile long lastEnd = System.nanoTime();

    WindowHandler(TraceView model) {
        this(model, null);
    }

    /** With {@code logical}, also answers {@code time=logical} (times in logical units, docs/api.md). */
    WindowHandler(TraceView model, LogicalView logical) {
        this.model = model;
        this.logical = logical;
    }

    @Override
    public void handle(HttpExchange ex, Params params) throws IOException {
        asked = true;
        begun();
        try {
            respond(ex, params);
        } finally {
            ended();
        }
    }

    /** Whether a window request is being answered now (the background summaries' build yields to it). */
    boolean answering() {
        return answering.get() > 0;
    }

    /** A window request is being answered (tests stand for one with these two). */
    void begun() {
        answering.incrementAndGet();
    }

    void ended() {
        lastEnd = System.nanoTime();
        answering.decrementAndGet();
    }

    private void respond(HttpExchange ex, Params params) throws IOException {
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
        WindowTables tables = WindowTables.of(params.has("time") ? params.text("time") : null, model, logical);
        PixelGrid grid = new PixelGrid(start, end, width);
        List<Container> aggregated = aggregated(params);
        boolean binary = binary(params);
        Json.headers(ex);
        if (binary) {
            ex.getResponseHeaders().set("Content-Type", "application/octet-stream");
        }
        AnswerStream body = new AnswerStream(ex); // sent with its length once written (unless very large)
        JsonOut out = binary ? JsonOut.binary(body) : new JsonOut(body);
        new WindowAnswer(grid, containers, selected, tables, dominant, aggregated).write(model, out);
        out.close(); // not on a failure: then nothing was sent, and the error is
    }

    /** {@code format=bin}: typed arrays after a JSON header (the page's); {@code json}, the default, for API users. */
    private static boolean binary(Params params) {
        if (!params.has("format")) {
            return false;
        }
        return switch (params.text("format")) {
            case "json" -> false;
            case "bin" -> true;
            default -> throw ApiException.badRequest("format must be json or bin, found " + params.text("format"));
        };
    }

    boolean asked() {
        return asked;
    }

    /** Whether no window request is being answered, none for the last {@code quietNanos} either. */
    boolean idle(long quietNanos) {
        return answering.get() == 0 && System.nanoTime() - lastEnd >= quietNanos;
    }

    /** Writes the answer for every entity type of {@code ids} (measurements call this without HTTP). */
    void answer(java.io.OutputStream out, double start, double end, int width, int[] ids) throws IOException {
        answer(out, start, end, width, ids, false);
    }

    /** {@link #answer(java.io.OutputStream, double, double, int, int[])}, binary ({@code format=bin}) or JSON. */
    void answer(java.io.OutputStream out, double start, double end, int width, int[] ids, boolean binary) throws IOException {
        answer(out, start, end, width, ids, binary, false);
    }

    /** {@link #answer(java.io.OutputStream, double, double, int, int[], boolean)} of {@code ids} collapsed: each row its members' aggregate. */
    void answerCollapsed(java.io.OutputStream out, double start, double end, int width, int[] ids, boolean binary) throws IOException {
        answer(out, start, end, width, ids, binary, true);
    }

    private void answer(java.io.OutputStream out, double start, double end, int width, int[] ids, boolean binary,
            boolean collapsed) throws IOException {
        List<Container> containers = new ArrayList<>(ids.length);
        for (int id : ids) {
            containers.add(model.container(id));
        }
        try (JsonOut g = binary ? JsonOut.binary(out) : new JsonOut(out)) {
            new WindowAnswer(new PixelGrid(start, end, width), containers, model.entityTypes(), WindowTables.store(model),
                    false, collapsed ? containers : List.of()).write(model, g);
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
}
