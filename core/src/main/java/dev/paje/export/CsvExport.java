package dev.paje.export;

import dev.paje.format.CsvWriter;
import dev.paje.store.DisplayNames;
import dev.paje.store.Container;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.UserColumns;
import dev.paje.store.VariableTable;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A trace as five CSV files (containers, states, events, variables, links) with pj_dump's
 * columns plus one per user field, written while walking the store: ready for R and pandas.
 */
public final class CsvExport {
    /** The files written, in order. */
    public static final List<String> FILES = List.of("containers.csv", "states.csv", "events.csv", "variables.csv", "links.csv");

    private final Trace trace;
    private final List<String> containerFields;
    private final List<String> stateFields;
    private final List<String> eventFields;
    private final List<String> variableFields;
    private final List<String> linkFields;

    public CsvExport(Trace trace) {
        this.trace = trace;
        this.containerFields = TraceWalk.containerFields(trace);
        this.stateFields = TraceWalk.userFields(trace, TypeKind.STATE);
        this.eventFields = TraceWalk.userFields(trace, TypeKind.EVENT);
        this.variableFields = TraceWalk.userFields(trace, TypeKind.VARIABLE);
        this.linkFields = TraceWalk.userFields(trace, TypeKind.LINK);
    }

    /** Writes the five files into {@code dir} (which must exist), replacing files of the same names. */
    public void write(Path dir) throws IOException {
        try (CsvWriter containers = open(dir, 0); CsvWriter states = open(dir, 1); CsvWriter events = open(dir, 2);
                CsvWriter variables = open(dir, 3); CsvWriter links = open(dir, 4)) {
            header(containers, containerFields, "container", "parent", "type", "start", "end", "duration");
            header(states, stateFields, "container", "type", "start", "end", "duration", "imbrication", "value");
            header(events, eventFields, "container", "type", "time", "value");
            header(variables, variableFields, "container", "type", "start", "end", "duration", "value");
            header(links, linkFields, "container", "type", "start", "end", "duration", "value", "start_container",
                    "end_container", "key");
            for (Container c : TraceWalk.preorder(trace)) {
                containers.text(DisplayNames.name(c.name())).text(c.parent() == null ? null : DisplayNames.name(c.parent().name()))
                        .text(DisplayNames.name(c.type().name())).number(c.start()).number(c.end()).number(c.end() - c.start());
                for (String f : containerFields) {
                    containers.text(DisplayNames.name(c.user().get(f)));
                }
                containers.endRow();
                for (Type t : trace.types()) {
                    Object table = c.table(t);
                    if (table instanceof StateTable s) {
                        states(states, c, t, s);
                    } else if (table instanceof EventTable e) {
                        events(events, c, t, e);
                    } else if (table instanceof VariableTable v) {
                        variables(variables, c, t, v);
                    } else if (table instanceof LinkTable l) {
                        links(links, c, t, l);
                    }
                }
            }
        }
    }

    private static CsvWriter open(Path dir, int file) throws IOException {
        return new CsvWriter(new BufferedWriter(new OutputStreamWriter(
                Files.newOutputStream(dir.resolve(FILES.get(file))), StandardCharsets.UTF_8), 1 << 16));
    }

    /** Writes the header row; a user field named like a standard column is prefixed with "user.". */
    private static void header(CsvWriter out, List<String> fields, String... columns) throws IOException {
        List<String> taken = new ArrayList<>();
        for (String c : columns) {
            out.text(c);
            taken.add(c);
        }
        for (String f : fields) {
            out.text(taken.contains(f.toLowerCase(Locale.ROOT)) ? "user." + f : f);
        }
        out.endRow();
    }

    private void begin(CsvWriter out, Container c, Type t) throws IOException {
        out.text(DisplayNames.name(c.name())).text(DisplayNames.name(t.name()));
    }

    private void user(CsvWriter out, UserColumns user, int row, List<String> fields) throws IOException {
        for (String f : fields) {
            int v = user == null ? -1 : user.get(row, f);
            out.text(v < 0 ? null : DisplayNames.name(trace.name(v)));
        }
        out.endRow();
    }

    private void states(CsvWriter out, Container c, Type t, StateTable s) throws IOException {
        for (int i = 0; i < s.size(); i++) {
            begin(out, c, t);
            out.number(s.start(i)).number(s.end(i)).number(s.end(i) - s.start(i)).integer(s.level(i))
                    .text(DisplayNames.name(t.value(s.value(i)).name()));
            user(out, s.userOrNull(), i, stateFields);
        }
    }

    private void events(CsvWriter out, Container c, Type t, EventTable e) throws IOException {
        for (int i = 0; i < e.size(); i++) {
            begin(out, c, t);
            out.number(e.time(i)).text(DisplayNames.name(t.value(e.value(i)).name()));
            user(out, e.userOrNull(), i, eventFields);
        }
    }

    private void variables(CsvWriter out, Container c, Type t, VariableTable v) throws IOException {
        for (int i = 0; i < v.size(); i++) {
            begin(out, c, t);
            out.number(v.start(i)).number(v.end(i)).number(v.end(i) - v.start(i)).number(v.value(i));
            user(out, v.userOrNull(), i, variableFields);
        }
    }

    private void links(CsvWriter out, Container c, Type t, LinkTable l) throws IOException {
        for (int i = 0; i < l.size(); i++) {
            begin(out, c, t);
            out.number(l.start(i)).number(l.end(i)).number(l.end(i) - l.start(i))
                    .text(DisplayNames.name(t.value(l.value(i)).name()))
                    .text(l.from(i) < 0 ? null : DisplayNames.name(trace.container(l.from(i)).name()))
                    .text(l.to(i) < 0 ? null : DisplayNames.name(trace.container(l.to(i)).name()))
                    .text(DisplayNames.name(l.key(i)));
            user(out, l.userOrNull(), i, linkFields);
        }
    }
}
