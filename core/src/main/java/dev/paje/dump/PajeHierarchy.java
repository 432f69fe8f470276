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
        walk(t -> { }, (parent, child) -> {
            out.write(n(parent.name()) + ", " + n(child.name()) + ", " + kind(child) + "\n");
            for (EntityValue v : order.values(child)) {
                out.write(n(child.name()) + ", " + n(v.name()) + ", Value\n");
            }
        });
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
        walk(t -> {
            String alias = t.parent() == null ? "0" : t.alias() == null ? "" : t.alias();
            out.write("\"" + n(t.name()) + "\" [shape=" + shape(t.kind()) + ", label=\"" + n(t.name()) + " ("
                    + alias + ")\"];\n");
        }, (parent, child) -> out.write("\"" + n(parent.name()) + "\" -> \"" + n(child.name()) + "\";\n"));
        out.write("}\n");
    }

    /** What {@link #walk} does at a type taken from its stack. */
    private interface AtType {
        void visit(Type t) throws IOException;
    }

    /** What {@link #walk} does at a container type's child, as it pushes it. */
    private interface AtChild {
        void visit(Type parent, Type child) throws IOException;
    }

    /** PajeNG's walk of the type tree: a stack from the root; a container type's children pushed last first. */
    private void walk(AtType atType, AtChild atChild) throws IOException {
        Deque<Type> stack = new ArrayDeque<>();
        stack.push(root());
        while (!stack.isEmpty()) {
            Type t = stack.pop();
            atType.visit(t);
            if (t.kind() == TypeKind.CONTAINER) {
                List<Type> children = order.childTypes(t);
                for (int i = children.size() - 1; i >= 0; i--) {
                    atChild.visit(t, children.get(i));
                    stack.push(children.get(i));
                }
            }
        }
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
