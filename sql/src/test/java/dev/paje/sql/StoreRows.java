package dev.paje.sql;

import dev.paje.export.TraceWalk;
import dev.paje.store.Container;
import dev.paje.store.DisplayNames;
import dev.paje.store.EntityTable;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.UserColumns;
import dev.paje.store.VariableTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The oracle: a table's rows read straight from the store, as docs/parquet.md says they are written. */
final class StoreRows {
    private StoreRows() {
    }

    static Double time(double t) {
        return Double.isNaN(t) ? null : t;
    }

    static String name(Container c) {
        return DisplayNames.name(c.name());
    }

    static List<List<Object>> containers(Trace trace) {
        List<String> fields = TraceWalk.containerFields(trace);
        List<List<Object>> rows = new ArrayList<>();
        for (Container c : TraceWalk.preorder(trace)) {
            int depth = 0;
            for (Container p = c.parent(); p != null; p = p.parent()) {
                depth++;
            }
            List<Object> row = new ArrayList<>(Arrays.asList(c.id(), c.parent() == null ? null : c.parent().id(),
                    DisplayNames.name(c.type().name()), name(c), DisplayNames.path(c), depth, time(c.start()), time(c.end())));
            for (String f : fields) {
                row.add(DisplayNames.name(c.user().get(f)));
            }
            rows.add(row);
        }
        return rows;
    }

    static List<List<Object>> entities(Trace trace, TypeKind kind) {
        List<String> fields = TraceWalk.userFields(trace, kind);
        List<List<Object>> rows = new ArrayList<>();
        for (Container c : TraceWalk.preorder(trace)) {
            for (Type t : trace.types()) {
                EntityTable table = t.kind() == kind ? c.table(t) : null;
                if (table == null) {
                    continue;
                }
                for (int i = 0; i < table.size(); i++) {
                    List<Object> row = new ArrayList<>(Arrays.asList(c.id(), name(c), DisplayNames.name(t.name())));
                    if (table instanceof StateTable s) {
                        row.addAll(Arrays.asList(time(s.start(i)), time(s.end(i)), time(s.end(i) - s.start(i)), s.level(i),
                                value(t, s.value(i))));
                    } else if (table instanceof EventTable e) {
                        row.addAll(Arrays.asList(time(e.time(i)), value(t, e.value(i))));
                    } else if (table instanceof VariableTable v) {
                        row.addAll(Arrays.asList(time(v.start(i)), time(v.end(i)), time(v.value(i))));
                    } else if (table instanceof LinkTable l) {
                        row.addAll(Arrays.asList(time(l.start(i)), time(l.end(i)), time(l.end(i) - l.start(i)),
                                value(t, l.value(i)), l.from(i) < 0 ? null : l.from(i),
                                l.from(i) < 0 ? null : name(trace.container(l.from(i))), l.to(i) < 0 ? null : l.to(i),
                                l.to(i) < 0 ? null : name(trace.container(l.to(i))), DisplayNames.name(l.key(i))));
                    }
                    UserColumns user = table.userOrNull();
                    for (String f : fields) {
                        int v = user == null ? -1 : user.get(i, f);
                        row.add(v < 0 ? null : DisplayNames.name(trace.name(v)));
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    private static String value(Type t, int index) {
        return DisplayNames.name(t.value(index).name());
    }
}
