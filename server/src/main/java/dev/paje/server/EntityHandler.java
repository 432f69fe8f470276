package dev.paje.server;

import dev.paje.view.TraceView;
import dev.paje.store.DisplayNames;
import com.fasterxml.jackson.core.JsonGenerator;
import com.sun.net.httpserver.HttpExchange;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.EntityValue;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.UserColumns;
import dev.paje.store.VariableTable;
import java.io.IOException;
import java.util.Locale;

/** {@code GET /api/entity?container=C&type=T&row=R}: everything known about one entity, for the inspector. */
record EntityHandler(TraceView model) implements Endpoint {
    @Override
    public void handle(HttpExchange ex, Params params) throws IOException {
        Container c = model.container(params.id("container"));
        Type t = model.entityType(params.id("type"));
        int row = params.id("row");
        EntityTable table = c.table(t);
        if (table == null) {
            throw ApiException.notFound("container " + c.id() + " ('" + DisplayNames.name(c.name()) + "') has no entities of type "
                    + t.id() + " ('" + DisplayNames.name(t.name()) + "')");
        }
        int size = table.size();
        if (row >= size) {
            throw ApiException.notFound("unknown row " + row + " of type " + t.id() + " in container " + c.id()
                    + ": it has " + size + " row" + (size == 1 ? "" : "s"));
        }
        Json.send(ex, 200, Json.bytes(g -> write(g, c, t, table, row)));
    }

    private void write(JsonGenerator g, Container c, Type t, EntityTable table, int row) throws IOException {
        g.writeStartObject();
        g.writeStringField("kind", t.kind().name().toLowerCase(Locale.ROOT));
        g.writeNumberField("container", c.id());
        g.writeStringField("containerPath", DisplayNames.path(c));
        g.writeStringField("type", DisplayNames.name(t.name()));
        g.writeNumberField("typeId", t.id());
        g.writeNumberField("row", row);
        if (table instanceof StateTable s) {
            interval(g, s.start(row), model.endOr(s.end(row)));
            value(g, t, s.value(row));
            g.writeNumberField("level", s.level(row));
        } else if (table instanceof EventTable e) {
            Json.number(g, "time", e.time(row));
            value(g, t, e.value(row));
        } else if (table instanceof VariableTable v) {
            interval(g, v.start(row), model.endOr(v.end(row)));
            Json.number(g, "value", v.value(row));
        } else {
            LinkTable l = (LinkTable) table;
            interval(g, l.start(row), l.end(row));
            value(g, t, l.value(row));
            Trace trace = model.trace();
            link(g, "from", trace, l.from(row));
            link(g, "to", trace, l.to(row));
            g.writeStringField("key", DisplayNames.name(l.key(row)));
        }
        g.writeObjectFieldStart("fields");
        UserColumns user = table.userOrNull();
        if (user != null) {
            for (String name : user.names()) {
                int id = user.get(row, name);
                if (id >= 0) {
                    g.writeStringField(DisplayNames.name(name), DisplayNames.name(model.trace().name(id)));
                }
            }
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void interval(JsonGenerator g, double start, double end) throws IOException {
        Json.number(g, "start", start);
        Json.number(g, "end", end);
        Json.number(g, "duration", end - start);
    }

    private static void value(JsonGenerator g, Type t, int index) throws IOException {
        EntityValue v = index >= 0 && index < t.values().size() ? t.value(index) : null;
        g.writeStringField("value", v == null ? null : DisplayNames.name(v.name()));
        g.writeNumberField("valueId", index);
        if (v != null && v.color() != null) {
            g.writeStringField("color", DisplayNames.name(v.color()));
        }
    }

    private static void link(JsonGenerator g, String field, Trace trace, int id) throws IOException {
        g.writeNumberField(field, id);
        g.writeStringField(field + "Path", id >= 0 && id < trace.containers().size() ? DisplayNames.path(trace.container(id)) : null);
    }
}
