package dev.paje.dump;

import dev.paje.store.Container;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.UserColumns;
import dev.paje.store.VariableTable;
import java.io.IOException;
import java.io.Writer;

/**
 * Prints a trace in {@code pj_dump}'s line format: one line per container and entity, fields
 * separated by {@code ", "}, names (never aliases), times as {@code %.6f}.
 */
public final class DumpWriter {
    private final DumpOptions options;
    private final Writer out;
    private final StringBuilder line = new StringBuilder(256);

    public DumpWriter(DumpOptions options, Writer out) {
        this.options = options;
        this.out = out;
    }

    public void write(Trace trace) throws IOException {
        if (options.header()) {
            out.write("#Container, Parent, Type, Start, End, Duration, Name\n");
            out.write("#State, Container, Type, Start, End, Duration, Imbrication, Value\n");
            out.write("#Event, Container, Type, Time, Value\n");
            out.write("#Variable, Container, Type, Start, End, Duration, Value\n");
            out.write("#Link, Container, Type, Start, End, Duration, Value, StartContainer, EndContainer, Key\n");
        }
        container(trace, trace.root());
        out.flush();
    }

    private void container(Trace trace, Container c) throws IOException {
        if (options.containers()) {
            line.setLength(0);
            line.append("Container, ").append(c.parent() == null ? "0" : c.parent().name()).append(", ")
                    .append(c.type().name()).append(", ");
            CFormat.general(line, c.start());
            line.append(", ");
            CFormat.general(line, c.end());
            line.append(", ");
            CFormat.general(line, c.end() - c.start());
            line.append(", ").append(c.name()).append('\n');
            out.append(line);
        }
        for (Type t : trace.types()) {
            Object table = c.table(t);
            if (table instanceof StateTable s) {
                states(c, t, s);
            } else if (table instanceof EventTable e) {
                events(c, t, e);
            } else if (table instanceof VariableTable v) {
                variables(c, t, v);
            } else if (table instanceof LinkTable l) {
                links(trace, c, t, l);
            }
        }
        for (Container child : c.children()) {
            container(trace, child);
        }
    }

    private boolean outside(double start, double end) {
        return end < options.start() || start > options.end();
    }

    private void begin(String kind, Container c, Type t) {
        line.setLength(0);
        line.append(kind).append(", ").append(c.name()).append(", ").append(t.name());
    }

    private void time(double x) {
        line.append(", ");
        CFormat.fixed(line, x, options.precision());
    }

    private void user(UserColumns user, int row) {
        if (options.userDefined() && user != null) {
            for (String name : user.names()) {
                String v = user.get(row, name);
                if (v != null) {
                    line.append(", ").append(v);
                }
            }
        }
    }

    private void states(Container c, Type t, StateTable s) throws IOException {
        for (int i = 0; i < s.size(); i++) {
            double start = s.start(i);
            double end = s.end(i);
            if (outside(start, end) || (!options.imbrication() && s.level(i) != 0)) {
                continue;
            }
            begin("State", c, t);
            time(start);
            time(end);
            time(end - start);
            time(s.level(i));
            line.append(", ").append(t.value(s.value(i)).name());
            user(s.userOrNull(), i);
            out.append(line.append('\n'));
        }
    }

    private void events(Container c, Type t, EventTable e) throws IOException {
        for (int i = 0; i < e.size(); i++) {
            double time = e.time(i);
            if (outside(time, time)) {
                continue;
            }
            begin("Event", c, t);
            time(time);
            line.append(", ").append(t.value(e.value(i)).name());
            user(e.userOrNull(), i);
            out.append(line.append('\n'));
        }
    }

    private void variables(Container c, Type t, VariableTable v) throws IOException {
        for (int i = 0; i < v.size(); i++) {
            double start = v.start(i);
            double end = v.end(i);
            if (outside(start, end)) {
                continue;
            }
            begin("Variable", c, t);
            time(start);
            time(end);
            time(end - start);
            time(v.value(i));
            user(v.userOrNull(), i);
            out.append(line.append('\n'));
        }
    }

    private void links(Trace trace, Container c, Type t, LinkTable l) throws IOException {
        for (int i = 0; i < l.size(); i++) {
            if (!l.complete(i)) {
                continue;
            }
            double start = l.start(i);
            double end = l.end(i);
            if (outside(start, end)) {
                continue;
            }
            begin("Link", c, t);
            time(start);
            time(end);
            time(end - start);
            line.append(", ").append(t.value(l.value(i)).name())
                    .append(", ").append(trace.container(l.from(i)).name())
                    .append(", ").append(trace.container(l.to(i)).name())
                    .append(", ").append(trace.names().get(l.key(i)));
            user(l.userOrNull(), i);
            out.append(line.append('\n'));
        }
    }
}
