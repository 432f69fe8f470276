package dev.paje.dump;

import dev.paje.store.Container;
import dev.paje.store.DisplayNames;
import dev.paje.store.EntityValue;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * What {@code pj_dump} writes about a trace's hierarchies, byte for byte: {@code --type-hierarchy}
 * and {@code --entity-hierarchy} (CSV) and {@code -d} (the type tree in Graphviz's dot), walked in
 * pj_dump's order ({@link PajeOrder}). Names are written without the double quotes a trace puts
 * around them, as Debian's pj_dump does (and as dot needs).
 */
public final class PajeHierarchy {
    private final Trace trace;
    private final PajeOrder order;

    public PajeHierarchy(Trace trace) {
        this.trace = trace;
        this.order = new PajeOrder(trace);
    }

    /** {@code --type-hierarchy FILE}: each type under its parent (a child printed when its parent is visited), values after their type. */
    public void types(Writer out) throws IOException {
        out.write("Parent, Name, Nature\n");
        Deque<Type> stack = new ArrayDeque<>();
        stack.push(root());
        while (!stack.isEmpty()) {
            Type parent = stack.pop();
            if (parent.kind() != TypeKind.CONTAINER) {
                continue;
            }
            List<Type> children = order.childTypes(parent);
            for (int i = children.size() - 1; i >= 0; i--) {
                Type child = children.get(i);
                out.write(n(parent.name()) + ", " + n(child.name()) + ", " + kind(child) + "\n");
                for (EntityValue v : order.values(child)) {
                    out.write(n(child.name()) + ", " + n(v.name()) + ", Value\n");
                }
                stack.push(child);
            }
        }
    }

    /** {@code --entity-hierarchy FILE}: every container, then the entity types its type holds. */
    public void entities(Writer out) throws IOException {
        out.write("Parent, Name, Type, Nature\n");
        for (Container c : order.containers(trace)) {
            out.write((c.parent() == null ? "0" : n(c.parent().name())) + ", " + n(c.name()) + ", "
                    + n(c.type().name()) + ", Container\n");
            for (Type t : order.entityTypes(c.type())) {
                out.write(n(c.name()) + ", " + n(t.name()) + ", " + n(t.name()) + ", " + kind(t) + "\n");
            }
        }
    }

    /** {@code -d}: the type tree in dot. */
    public void dot(Writer out) throws IOException {
        out.write("digraph PajeTypes {\n");
        Deque<Type> stack = new ArrayDeque<>();
        stack.push(root());
        while (!stack.isEmpty()) {
            Type last = stack.pop();
            String alias = last.parent() == null ? "0" : last.alias() == null ? "" : last.alias();
            out.write("\"" + n(last.name()) + "\" [shape=" + shape(last.kind()) + ", label=\"" + n(last.name()) + " ("
                    + alias + ")\"];\n");
            if (last.kind() == TypeKind.CONTAINER) {
                List<Type> children = order.childTypes(last);
                for (int i = children.size() - 1; i >= 0; i--) {
                    out.write("\"" + n(last.name()) + "\" -> \"" + n(children.get(i).name()) + "\";\n");
                    stack.push(children.get(i));
                }
            }
        }
        out.write("}\n");
    }

    private static String n(String name) {
        return DisplayNames.name(name);
    }

    private Type root() {
        return trace.root().type();
    }

    private static String kind(Type t) {
        return switch (t.kind()) {
            case CONTAINER -> "Container";
            case VARIABLE -> "Variable";
            case STATE -> "State";
            case EVENT -> "Event";
            case LINK -> "Link";
        };
    }

    private static String shape(TypeKind kind) {
        return switch (kind) {
            case CONTAINER -> "folder";
            case VARIABLE -> "plaintext";
            case STATE -> "rectangle";
            case EVENT -> "oval";
            case LINK -> "rarrow";
        };
    }
}
