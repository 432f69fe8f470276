package dev.paje.export;

import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.UserColumns;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** What every export walks: containers depth first (the order of {@code paje dump}) and user field names. */
public final class TraceWalk {
    private TraceWalk() {
    }

    /** Every container, parents before children, siblings in creation order. */
    public static List<Container> preorder(Trace trace) {
        List<Container> out = new ArrayList<>(trace.containers().size());
        List<Container> stack = new ArrayList<>();
        stack.add(trace.root());
        while (!stack.isEmpty()) {
            Container c = stack.remove(stack.size() - 1);
            out.add(c);
            List<Container> children = c.children();
            for (int i = children.size() - 1; i >= 0; i--) {
                stack.add(children.get(i));
            }
        }
        return out;
    }

    /** The user field names of the entities of {@code kind}, in the order they are first met. */
    public static List<String> userFields(Trace trace, TypeKind kind) {
        Set<String> names = new LinkedHashSet<>();
        for (Container c : trace.containers()) {
            for (Type t : trace.types()) {
                EntityTable table = t.kind() == kind ? c.table(t) : null;
                UserColumns user = table == null ? null : table.userOrNull();
                if (user != null) {
                    names.addAll(user.names());
                }
            }
        }
        return new ArrayList<>(names);
    }

    /** The user field names of containers, in the order they are first met. */
    public static List<String> containerFields(Trace trace) {
        Set<String> names = new LinkedHashSet<>();
        for (Container c : trace.containers()) {
            names.addAll(c.user().keySet());
        }
        return new ArrayList<>(names);
    }
}
