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
import java.util.EnumSet;
import java.util.Set;

/**
 * Prints a trace in {@code pj_dump}'s line format: one line per container and entity, fields
 * separated by {@code ", "}, names (never aliases), times as {@code %.6f}.
 */
public final class DumpWriter {
    private enum Kind {
        CONTAINER("Container, Parent, Type, Start, End, Duration, Name"),
        STATE("State, Container, Type, Start, End, Duration, Imbrication, Value"),
        EVENT("Event, Container, Type, Time, Value"),
        VARIABLE("Variable, Container, Type, Start, End, Duration, Value"),
        LINK("Link, Container, Type, Start, End, Duration, Value, StartContainer, EndContainer, Key");

        final String header;

        Kind(String header) {
            this.header = header;
        }
    }

    private final DumpOptions options;
    private final Writer out;
    private final StringBuilder line = new StringBuilder(256);
    private final Set<Kind> headed = EnumSet.noneOf(Kind.class);

    public DumpWriter(DumpOptions options, Writer out) {
        this.options = options;
        this.out = out;
    }

    public void write(Trace trace) throws IOException {
        container(trace, trace.root());
        out.flush();
    }

    /** With {@code -h}, a header line the first time a kind of line is printed. */
    private void head(Kind kind) throws IOException {
        if (options.header() && headed.add(kind)) {
            out.write(kind.header);
            out.write('\n');
        }
    }

    private void container(Trace trace, Container c) throws IOException {
        head(Kind.CONTAINER);
        line.setLength(0);
        line.append("Container, ").append(c.parent() == null ? "0" : c.parent().name()).append(", ")
                .append(c.type().name()).append(", ");
        CFormat.general(line, c.start());
        line.append(", ");
        CFormat.general(line, c.end());
        line.append(", ");
        CFormat.general(line, c.end() - c.start());
        line.append(", ").append(c.name());
        if (options.userDefined()) {
            for (String v : c.user().values()) {
                line.append(", ").append(v);
            }
        }
        out.append(line.append('\n'));
        for (Type t : trace.types()) {
            Object table = c.table(t);
            if (table instanceof StateTable s) {
                if (options.imbrication()) {
                    states(c, t, s);
                } else {
                    flatStates(c, t, s);
                }
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
            state(c, t, s, i, s.start(i), s.end(i));
        }
    }

    private void state(Container c, Type t, StateTable s, int row, double start, double end) throws IOException {
        if (outside(start, end)) {
            return;
        }
        head(Kind.STATE);
        begin("State", c, t);
        time(start);
        time(end);
        time(end - start);
        time(s.level(row));
        line.append(", ").append(t.value(s.value(row)).name());
        user(s.userOrNull(), row);
        out.append(line.append('\n'));
    }

    /**
     * {@code -i}: each state minus the time of the states pushed over it, so that at most one
     * state per type is printed at any time. Rows come in start order with their nesting level.
     */
    private void flatStates(Container c, Type t, StateTable s) throws IOException {
        int[] rows = new int[16];
        double[] cursor = new double[16];
        int depth = 0;
        for (int i = 0; i < s.size(); i++) {
            int level = s.level(i);
            while (depth > level) {
                depth--;
                piece(c, t, s, rows[depth], cursor[depth], s.end(rows[depth]));
            }
            if (depth > 0) {
                piece(c, t, s, rows[depth - 1], cursor[depth - 1], s.start(i));
                cursor[depth - 1] = s.end(i);
            }
            if (depth == rows.length) {
                rows = java.util.Arrays.copyOf(rows, depth * 2);
                cursor = java.util.Arrays.copyOf(cursor, depth * 2);
            }
            rows[depth] = i;
            cursor[depth] = s.start(i);
            depth++;
        }
        while (depth > 0) {
            depth--;
            piece(c, t, s, rows[depth], cursor[depth], s.end(rows[depth]));
        }
    }

    private void piece(Container c, Type t, StateTable s, int row, double from, double to) throws IOException {
        boolean instant = s.start(row) == s.end(row) && from == s.start(row);
        if (to > from || instant) {
            state(c, t, s, row, from, to);
        }
    }

    private void events(Container c, Type t, EventTable e) throws IOException {
        for (int i = 0; i < e.size(); i++) {
            double time = e.time(i);
            if (outside(time, time)) {
                continue;
            }
            head(Kind.EVENT);
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
            head(Kind.VARIABLE);
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
            head(Kind.LINK);
            begin("Link", c, t);
            time(start);
            time(end);
            time(end - start);
            line.append(", ").append(t.value(l.value(i)).name())
                    .append(", ").append(trace.container(l.from(i)).name())
                    .append(", ").append(trace.container(l.to(i)).name())
                    .append(", ").append(trace.name(l.key(i)));
            user(l.userOrNull(), i);
            out.append(line.append('\n'));
        }
    }
}
