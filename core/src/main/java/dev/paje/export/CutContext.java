package dev.paje.export;

import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.UserColumns;
import java.util.ArrayList;
import java.util.List;

/** What the sources of a cut share: the window, the kept containers, the header, and how to name things. */
final class CutContext {
    static final List<String> PUSH = List.of("Time date", "Type string", "Container string", "Value string");
    static final List<String> POP = List.of("Time date", "Type string", "Container string");
    static final List<String> EVENT = PUSH;
    static final List<String> SET_VARIABLE = List.of("Time date", "Type string", "Container string", "Value double");
    static final List<String> START_LINK = List.of("Time date", "Type string", "Container string",
            "StartContainer string", "Value string", "Key string");
    static final List<String> END_LINK = List.of("Time date", "Type string", "Container string",
            "EndContainer string", "Value string", "Key string");
    static final List<String> DESTROY = List.of("Time date", "Type string", "Name string");

    final Trace trace;
    final Clip clip;
    final CutContainers containers;
    final CutHeader header;

    CutContext(Trace trace, Clip clip, CutContainers containers, CutHeader header) {
        this.trace = trace;
        this.clip = clip;
        this.containers = containers;
        this.header = header;
    }

    /** How the cut refers to a type: by its alias when it has one (names may repeat), else by name. */
    static String ref(Type t) {
        return t.alias() != null ? t.alias() : t.name();
    }

    static String valueRef(Type t, int value) {
        var v = t.value(value);
        return v.alias() != null ? v.alias() : v.name();
    }

    /** The user fields {@code row} has, in column order; null when none. */
    static List<String> present(UserColumns user, int row) {
        if (user == null) {
            return null;
        }
        List<String> names = null;
        for (String name : user.names()) {
            if (user.get(row, name) >= 0) {
                if (names == null) {
                    names = new ArrayList<>(4);
                }
                names.add(name);
            }
        }
        return names;
    }

    /** Starts a line of {@code event} with {@code fields} plus the user fields of {@code row}. */
    PajeWriter start(PajeWriter out, String event, List<String> fields, UserColumns user, int row) {
        return out.start(header.id(event, fields, present(user, row)));
    }

    /** Appends the user fields of {@code row} (those {@link #present} listed) and ends the line. */
    void finish(PajeWriter out, UserColumns user, int row) throws java.io.IOException {
        List<String> names = present(user, row);
        if (names != null) {
            for (String name : names) {
                out.token(trace.name(user.get(row, name)));
            }
        }
        out.end();
    }
}
