package dev.paje.view;

import dev.paje.store.DisplayNames;
import dev.paje.query.Window;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.UserColumns;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Finds the states, events and links of one container and type that match a {@link SearchQuery}
 * inside a time window. Tests on names are cached per interned name: user fields repeat a lot.
 */
public final class EntityMatcher {
    /** One matching entity. */
    public record Match(String kind, int container, int type, int row, double start, double end, int value) {
    }

    private final Trace trace;
    private final SearchQuery query;
    private final Map<Integer, Boolean> byName = new HashMap<>();

    EntityMatcher(Trace trace, SearchQuery query) {
        this.trace = trace;
        this.query = query;
    }

    private boolean name(int id) {
        return id >= 0 && byName.computeIfAbsent(id, k -> query.test(DisplayNames.name(trace.name(k))));
    }

    /** Reports every matching row of {@code table} in {@code [start, end]}. */
    void match(Container c, Type t, EntityTable table, double start, double end, double traceEnd, Consumer<Match> out) {
        boolean[] values = new boolean[t.values().size()];
        boolean valueField = query.plain() || query.on("value");
        for (int v = 0; v < values.length; v++) {
            values[v] = valueField && query.test(DisplayNames.name(t.value(v).name()));
        }
        boolean all = query.on("type") ? query.test(DisplayNames.name(t.name()))
                : query.on("container") && query.test(DisplayNames.name(c.name()));
        if ((query.on("type") || query.on("container")) && !all) {
            return;
        }
        String[] fields = userFields(table.userOrNull());
        UserColumns user = table.userOrNull();
        String kind = table instanceof StateTable ? "state" : table instanceof EventTable ? "event" : "link";
        java.util.function.IntPredicate hit = row -> {
            if (all) {
                return true;
            }
            int v = value(table, row);
            if (v >= 0 && v < values.length && values[v]) {
                return true;
            }
            for (String f : fields) {
                if (name(user.get(row, f))) {
                    return true;
                }
            }
            return false;
        };
        if (table instanceof StateTable s) {
            Window.states(s, start, end, row -> {
                if (hit.test(row)) {
                    double e = Double.isNaN(s.end(row)) ? traceEnd : s.end(row);
                    out.accept(new Match(kind, c.id(), t.id(), row, s.start(row), e, s.value(row)));
                }
            });
        } else if (table instanceof EventTable ev) {
            Window.events(ev, start, end, row -> {
                if (hit.test(row)) {
                    out.accept(new Match(kind, c.id(), t.id(), row, ev.time(row), ev.time(row), ev.value(row)));
                }
            });
        } else if (table instanceof LinkTable l) {
            Window.links(l, start, end, row -> {
                if (hit.test(row)) {
                    out.accept(new Match(kind, c.id(), t.id(), row, l.start(row), l.end(row), l.value(row)));
                }
            });
        }
    }

    /** The user fields the query looks at: all for plain text, the named one (any case) for FIELD OP VALUE. */
    private String[] userFields(UserColumns user) {
        if (user == null || !(query.plain() || !(query.on("value") || query.on("type") || query.on("container")))) {
            return new String[0];
        }
        return user.names().stream().filter(n -> query.plain() || DisplayNames.name(n).equalsIgnoreCase(query.field()))
                .toArray(String[]::new);
    }

    private static int value(EntityTable table, int row) {
        if (table instanceof StateTable s) {
            return s.value(row);
        } else if (table instanceof EventTable e) {
            return e.value(row);
        } else if (table instanceof LinkTable l) {
            return l.value(row);
        }
        return -1;
    }
}
