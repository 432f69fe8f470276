package dev.paje.cli;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.paje.store.DisplayNames;
import dev.paje.export.ProcessLayout;
import dev.paje.format.Shortest;
import dev.paje.export.TraceWalk;
import dev.paje.store.Container;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.UserColumns;
import dev.paje.store.VariableTable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * A trace in Chrome's Trace Event Format, streamed: states as complete events (X), events as
 * instants (i), links as flows (s, f), variables as counters (C), on the processes and threads of
 * {@link ProcessLayout}. Times are microseconds rounded to the nanosecond, so nested states nest exactly.
 */
final class ChromeExport {
    private static final JsonFactory FACTORY = new JsonFactory();
    private final Trace trace;
    private final ProcessLayout layout;
    private long flows;

    ChromeExport(Trace trace) {
        this.trace = trace;
        this.layout = new ProcessLayout(trace);
    }

    void write(OutputStream out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.writeStartObject();
            g.writeStringField("displayTimeUnit", "ns");
            g.writeArrayFieldStart("traceEvents");
            List<Container> preorder = TraceWalk.preorder(trace);
            for (Container c : preorder) {
                names(g, c); // all names first: links may point to threads of later containers
            }
            for (Container c : preorder) {
                container(g, c);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    /** The metadata events naming the process of a top-level container and the threads of any. */
    private void names(JsonGenerator g, Container c) throws IOException {
        boolean process = c.parent() == null || c.parent().parent() == null;
        if (process && (c.parent() != null || layout.tid(c) != 0)) {
            metadata(g, "process_name", layout.pid(c), 0, DisplayNames.name(c.name()));
            metadata(g, "process_sort_index", layout.pid(c), 0, layout.pid(c));
        }
        for (ProcessLayout.Thread t : layout.threads(c)) {
            metadata(g, "thread_name", layout.pid(c), t.tid(), t.name());
            metadata(g, "thread_sort_index", layout.pid(c), t.tid(), t.tid());
        }
    }

    private void container(JsonGenerator g, Container c) throws IOException {
        boolean process = c.parent() == null || c.parent().parent() == null;
        for (Type t : trace.types()) {
            Object table = c.table(t);
            if (table instanceof StateTable s) {
                for (int i = 0; i < s.size(); i++) {
                    long start = ProcessLayout.nanos(s.start(i));
                    begin(g, "X", c, layout.stateTid(c, t), start, t, t.value(s.value(i)).name());
                    g.writeFieldName("dur");
                    g.writeNumber(ProcessLayout.micros(ProcessLayout.nanos(s.end(i)) - start));
                    args(g, s.userOrNull(), i);
                }
            } else if (table instanceof EventTable e) {
                for (int i = 0; i < e.size(); i++) {
                    begin(g, "i", c, layout.tid(c), ProcessLayout.nanos(e.time(i)), t, t.value(e.value(i)).name());
                    g.writeStringField("s", "t");
                    args(g, e.userOrNull(), i);
                }
            } else if (table instanceof VariableTable v) {
                String name = process ? DisplayNames.name(t.name()) : DisplayNames.name(c.name()) + " " + DisplayNames.name(t.name());
                for (int i = 0; i < v.size(); i++) {
                    g.writeStartObject();
                    g.writeStringField("ph", "C");
                    g.writeNumberField("pid", layout.pid(c));
                    g.writeFieldName("ts");
                    g.writeNumber(ProcessLayout.micros(ProcessLayout.nanos(v.start(i))));
                    g.writeStringField("name", name);
                    g.writeObjectFieldStart("args");
                    g.writeFieldName("value");
                    g.writeNumber(Shortest.format(v.value(i)));
                    g.writeEndObject();
                    g.writeEndObject();
                }
            } else if (table instanceof LinkTable l) {
                links(g, t, l);
            }
        }
    }

    private void links(JsonGenerator g, Type t, LinkTable l) throws IOException {
        for (int i = 0; i < l.completeCount(); i++) {
            long id = ++flows;
            String value = t.value(l.value(i)).name();
            Container from = trace.container(l.from(i));
            Container to = trace.container(l.to(i));
            begin(g, "s", from, layout.tid(from), ProcessLayout.nanos(l.start(i)), t, value);
            g.writeNumberField("id", id);
            args(g, l.userOrNull(), i);
            begin(g, "f", to, layout.tid(to), ProcessLayout.nanos(l.end(i)), t, value);
            g.writeNumberField("id", id);
            g.writeStringField("bp", "e");
            g.writeEndObject();
        }
    }

    /** Opens an event object with its phase, place, time, name (the value) and category (the type). */
    private void begin(JsonGenerator g, String ph, Container c, int tid, long ns, Type t, String value)
            throws IOException {
        g.writeStartObject();
        g.writeStringField("ph", ph);
        g.writeNumberField("pid", layout.pid(c));
        g.writeNumberField("tid", tid);
        g.writeFieldName("ts");
        g.writeNumber(ProcessLayout.micros(ns));
        g.writeStringField("name", DisplayNames.name(value));
        g.writeStringField("cat", DisplayNames.name(t.name()));
    }

    /** The user fields of {@code row} as args, and closes the event. */
    private void args(JsonGenerator g, UserColumns user, int row) throws IOException {
        UserFieldsJson.write(g, "args", trace, user, row);
        g.writeEndObject();
    }

    private static void metadata(JsonGenerator g, String name, int pid, int tid, Object value) throws IOException {
        g.writeStartObject();
        g.writeStringField("ph", "M");
        g.writeStringField("name", name);
        g.writeNumberField("pid", pid);
        g.writeNumberField("tid", tid);
        g.writeObjectFieldStart("args");
        if (value instanceof Integer i) {
            g.writeNumberField("sort_index", i);
        } else {
            g.writeStringField("name", (String) value);
        }
        g.writeEndObject();
        g.writeEndObject();
    }
}
