package dev.paje.server;

import com.fasterxml.jackson.core.JsonGenerator;
import com.sun.net.httpserver.HttpExchange;
import dev.paje.store.Container;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.VariableTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code GET /api/window?start=S&end=E&width=W&containers=1,2[&types=3,4]}: what to draw for a
 * time window, per container and entity type, streamed as it is computed.
 */
final class WindowHandler implements Endpoint {
    static final int MAX_WIDTH = 10_000;
    static final int MAX_CONTAINERS = 2_000;

    private final TraceModel model;

    WindowHandler(TraceModel model) {
        this.model = model;
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
        PixelGrid grid = new PixelGrid(start, end, width);
        Json.stream(ex, g -> write(g, grid, containers, selected));
    }

    private void write(JsonGenerator g, PixelGrid grid, List<Container> containers, List<Type> types)
            throws IOException {
        StateSummarizer states = new StateSummarizer(grid, model.end());
        EventSummarizer events = new EventSummarizer(grid);
        VariableSummarizer variables = new VariableSummarizer(grid, model.end());
        LinkSummarizer links = new LinkSummarizer(grid);
        g.writeStartObject();
        g.writeNumberField("start", grid.start);
        g.writeNumberField("end", grid.end);
        g.writeNumberField("width", grid.width);
        g.writeNumberField("pixel", grid.pixel);
        g.writeArrayFieldStart("rows");
        for (Container c : containers) {
            g.writeStartObject();
            g.writeNumberField("container", c.id());
            for (TypeKind kind : new TypeKind[] {TypeKind.STATE, TypeKind.EVENT, TypeKind.VARIABLE, TypeKind.LINK}) {
                g.writeArrayFieldStart(field(kind));
                for (Type t : types) {
                    Object table = t.kind() == kind ? c.table(t) : null;
                    if (table == null) {
                        continue;
                    }
                    g.writeStartObject();
                    g.writeNumberField("type", t.id());
                    if (table instanceof StateTable s) {
                        states.write(g, s);
                    } else if (table instanceof EventTable e) {
                        events.write(g, e);
                    } else if (table instanceof VariableTable v) {
                        double[] range = model.range(c, t, v);
                        Json.number(g, "min", range[0]);
                        Json.number(g, "max", range[1]);
                        variables.write(g, v);
                    } else if (table instanceof LinkTable l) {
                        links.write(g, l);
                    }
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static String field(TypeKind kind) {
        return switch (kind) {
            case STATE -> "states";
            case EVENT -> "events";
            case VARIABLE -> "variables";
            case LINK -> "links";
            case CONTAINER -> throw new IllegalArgumentException("container types hold no entities");
        };
    }
}
