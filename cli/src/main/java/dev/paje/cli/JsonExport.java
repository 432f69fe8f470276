package dev.paje.cli;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.paje.store.DisplayNames;
import dev.paje.format.Shortest;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.EntityValue;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.VariableTable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;
import java.util.Map;

/**
 * A whole trace as one JSON document, streamed: the types with their values and colors, then
 * the container tree, each container with its entities by kind and its children. Names are
 * plain (no Pajé quotes); numbers are the shortest that read back exactly; unknown times are null.
 */
final class JsonExport {
    private static final JsonFactory FACTORY = new JsonFactory();
    private final Trace trace;

    JsonExport(Trace trace) {
        this.trace = trace;
    }

    void write(OutputStream out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.writeStartObject();
            g.writeStringField("format", "paje-export");
            g.writeNumberField("version", 1);
            number(g, "start", trace.start());
            number(g, "end", trace.end());
            g.writeArrayFieldStart("types");
            for (Type t : trace.types()) {
                type(g, t);
            }
            g.writeEndArray();
            g.writeFieldName("root");
            container(g, trace.root());
            g.writeEndObject();
            g.writeRaw('\n');
        }
    }

    private static void type(JsonGenerator g, Type t) throws IOException {
        g.writeStartObject();
        g.writeNumberField("id", t.id());
        g.writeStringField("kind", t.kind().name().toLowerCase(Locale.ROOT));
        g.writeStringField("name", DisplayNames.name(t.name()));
        text(g, "alias", t.alias());
        text(g, "parent", t.parent() == null ? null : t.parent().name());
        text(g, "color", t.color());
        if (t.kind() == TypeKind.LINK) {
            text(g, "startType", t.startType().name());
            text(g, "endType", t.endType().name());
        }
        if (!t.values().isEmpty()) {
            g.writeArrayFieldStart("values");
            for (EntityValue v : t.values()) {
                g.writeStartObject();
                g.writeStringField("name", DisplayNames.name(v.name()));
                text(g, "alias", v.alias());
                text(g, "color", v.color());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    /** A container, its entities by kind, then its children (depth first: no more than the tree's depth is open). */
    private void container(JsonGenerator g, Container c) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", DisplayNames.name(c.name()));
        text(g, "alias", c.alias());
        g.writeStringField("type", DisplayNames.name(c.type().name()));
        number(g, "start", c.start());
        number(g, "end", c.end());
        if (!c.user().isEmpty()) {
            g.writeObjectFieldStart("user");
            for (Map.Entry<String, String> u : c.user().entrySet()) {
                g.writeStringField(u.getKey(), DisplayNames.name(u.getValue()));
            }
            g.writeEndObject();
        }
        for (TypeKind kind : new TypeKind[] {TypeKind.STATE, TypeKind.EVENT, TypeKind.VARIABLE, TypeKind.LINK}) {
            entities(g, c, kind);
        }
        if (!c.children().isEmpty()) {
            g.writeArrayFieldStart("children");
            for (Container child : c.children()) {
                container(g, child);
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    private void entities(JsonGenerator g, Container c, TypeKind kind) throws IOException {
        boolean open = false;
        for (Type t : trace.types()) {
            EntityTable table = t.kind() == kind ? c.table(t) : null;
            if (table == null || table.size() == 0) {
                continue;
            }
            if (!open) {
                g.writeArrayFieldStart(kind.name().toLowerCase(Locale.ROOT) + "s");
                open = true;
            }
            for (int i = 0; i < table.size(); i++) {
                g.writeStartObject();
                g.writeStringField("type", DisplayNames.name(t.name()));
                if (table instanceof StateTable s) {
                    interval(g, s.start(i), s.end(i));
                    g.writeNumberField("level", s.level(i));
                    g.writeStringField("value", DisplayNames.name(t.value(s.value(i)).name()));
                } else if (table instanceof EventTable e) {
                    number(g, "time", e.time(i));
                    g.writeStringField("value", DisplayNames.name(t.value(e.value(i)).name()));
                } else if (table instanceof VariableTable v) {
                    interval(g, v.start(i), v.end(i));
                    number(g, "value", v.value(i));
                } else if (table instanceof LinkTable l) {
                    interval(g, l.start(i), l.end(i));
                    g.writeStringField("value", DisplayNames.name(t.value(l.value(i)).name()));
                    text(g, "startContainer", l.from(i) < 0 ? null : trace.container(l.from(i)).name());
                    text(g, "endContainer", l.to(i) < 0 ? null : trace.container(l.to(i)).name());
                    text(g, "key", l.key(i));
                }
                UserFieldsJson.write(g, "user", trace, table.userOrNull(), i);
                g.writeEndObject();
            }
        }
        if (open) {
            g.writeEndArray();
        }
    }

    private static void interval(JsonGenerator g, double start, double end) throws IOException {
        number(g, "start", start);
        number(g, "end", end);
        number(g, "duration", end - start);
    }

    /** A number at full precision; null for NaN (a time not known, as the missing end of an incomplete link). */
    private static void number(JsonGenerator g, String field, double x) throws IOException {
        g.writeFieldName(field);
        if (Double.isFinite(x)) {
            g.writeNumber(Shortest.format(x));
        } else {
            g.writeNull();
        }
    }

    /** A name or text field without its Pajé quotes; left out when absent. */
    private static void text(JsonGenerator g, String field, String value) throws IOException {
        if (value != null) {
            g.writeStringField(field, DisplayNames.name(value));
        }
    }
}
