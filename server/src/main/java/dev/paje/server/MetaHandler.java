package dev.paje.server;

import dev.paje.view.TraceView;
import dev.paje.store.DisplayNames;
import com.fasterxml.jackson.core.JsonGenerator;
import com.sun.net.httpserver.HttpExchange;
import dev.paje.read.Problem;
import dev.paje.store.Container;
import dev.paje.store.EntityValue;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

/** {@code GET /api/meta}: the trace's shape (types, containers, problems), rendered once. */
final class MetaHandler implements Endpoint {
    private final byte[] json;

    MetaHandler(TraceView model) {
        try {
            this.json = Json.bytes(g -> write(g, model));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // written to memory: does not happen
        }
    }

    @Override
    public void handle(HttpExchange ex, Params params) throws IOException {
        Json.send(ex, 200, json);
    }

    private static void write(JsonGenerator g, TraceView model) throws IOException {
        Trace trace = model.trace();
        g.writeStartObject();
        g.writeStringField("name", model.name());
        Json.number(g, "start", model.start());
        Json.number(g, "end", model.end());
        g.writeArrayFieldStart("types");
        if (trace != null) {
            for (Type t : trace.types()) {
                writeType(g, t);
            }
        }
        g.writeEndArray();
        g.writeArrayFieldStart("containers");
        if (trace != null) {
            for (Container c : trace.containers()) {
                writeContainer(g, c, model);
            }
        }
        g.writeEndArray();
        writeProblems(g, "problems", model.loaded().problems());
        writeProblems(g, "warnings", model.loaded().warnings());
        g.writeBooleanField("complete", model.loaded().complete());
        g.writeEndObject();
    }

    private static void writeType(JsonGenerator g, Type t) throws IOException {
        g.writeStartObject();
        g.writeNumberField("id", t.id());
        g.writeStringField("name", DisplayNames.name(t.name()));
        g.writeStringField("kind", t.kind().name().toLowerCase(Locale.ROOT));
        g.writeNumberField("parent", t.parent() == null ? -1 : t.parent().id());
        g.writeStringField("color", DisplayNames.name(t.color()));
        if (t.startType() != null) {
            g.writeNumberField("startType", t.startType().id());
        }
        if (t.endType() != null) {
            g.writeNumberField("endType", t.endType().id());
        }
        g.writeArrayFieldStart("values");
        for (EntityValue v : t.values()) {
            g.writeStartObject();
            g.writeNumberField("id", v.index());
            g.writeStringField("name", DisplayNames.name(v.name()));
            g.writeStringField("color", DisplayNames.name(v.color()));
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void writeContainer(JsonGenerator g, Container c, TraceView model) throws IOException {
        g.writeStartObject();
        g.writeNumberField("id", c.id());
        g.writeStringField("name", DisplayNames.name(c.name()));
        g.writeNumberField("type", c.type().id());
        g.writeNumberField("parent", c.parent() == null ? -1 : c.parent().id());
        Json.number(g, "start", c.start());
        Json.number(g, "end", model.endOr(c.end()));
        g.writeArrayFieldStart("children");
        for (Container child : c.children()) {
            g.writeNumber(child.id());
        }
        g.writeEndArray();
        g.writeArrayFieldStart("entityTypes");
        for (Type t : model.entityTypes()) {
            if (c.table(t) != null) {
                g.writeNumber(t.id());
            }
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void writeProblems(JsonGenerator g, String field, List<Problem> problems) throws IOException {
        g.writeArrayFieldStart(field);
        for (Problem p : problems) {
            g.writeStartObject();
            g.writeStringField("file", p.file());
            g.writeNumberField("line", p.line());
            g.writeStringField("message", p.message());
            g.writeStringField("text", p.text());
            g.writeEndObject();
        }
        g.writeEndArray();
    }
}
