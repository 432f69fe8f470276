package dev.paje.dump;

import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The order in which PajeNG's {@code pj_dump} prints a trace, so that {@code paje dump} is
 * byte-identical to it: containers depth first through an explicit stack (a container, then its
 * entities, then its children, the children of a container type pushed in identifier order and so
 * popped in reverse), and within a container the entity types in identifier order. An identifier is
 * the alias, or the name when there is none, compared byte by byte as C++'s {@code std::map<std::string>}.
 */
final class PajeOrder {
    private static final Comparator<String> BYTES = (a, b) -> Arrays.compareUnsigned(
            a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));

    private final Map<Type, List<Type>> childTypes = new HashMap<>();

    PajeOrder(Trace trace) {
        for (Type t : trace.types()) {
            if (t.parent() != null) {
                childTypes.computeIfAbsent(t.parent(), k -> new ArrayList<>()).add(t);
            }
        }
        for (List<Type> list : childTypes.values()) {
            list.sort(Comparator.comparing(PajeOrder::identifier, BYTES));
        }
    }

    /** {@code c}'s children in identifier order (what pj_dump's {@code std::map} of children gives). */
    static List<Container> children(Container c) {
        List<Container> children = new ArrayList<>(c.children());
        children.sort(Comparator.comparing(PajeOrder::identifier, BYTES));
        return children;
    }

    /** Every container, in the order pj_dump prints them. */
    List<Container> containers(Trace trace) {
        List<Container> out = new ArrayList<>(trace.containers().size());
        Deque<Container> stack = new ArrayDeque<>();
        stack.push(trace.root());
        while (!stack.isEmpty()) {
            Container c = stack.pop();
            out.add(c);
            List<Container> children = children(c);
            for (Type t : childTypes.getOrDefault(c.type(), List.of())) {
                if (t.kind() == TypeKind.CONTAINER) {
                    for (Container child : children) {
                        if (child.type() == t) {
                            stack.push(child);
                        }
                    }
                }
            }
        }
        return out;
    }

    /** The types directly under container type {@code containerType}, in identifier order. */
    List<Type> childTypes(Type containerType) {
        return childTypes.getOrDefault(containerType, List.of());
    }

    /** The values of {@code t}, in identifier order (alias, or name). */
    List<dev.paje.store.EntityValue> values(Type t) {
        List<dev.paje.store.EntityValue> values = new ArrayList<>(t.values());
        values.sort(Comparator.comparing(v -> v.alias() == null || v.alias().isEmpty() ? v.name() : v.alias(), BYTES));
        return values;
    }

    /** The entity types of containers of type {@code containerType}, in the order pj_dump prints their entities. */
    List<Type> entityTypes(Type containerType) {
        return childTypes.getOrDefault(containerType, List.of()).stream().filter(t -> t.kind() != TypeKind.CONTAINER)
                .toList();
    }

    private static String identifier(Type t) {
        return t.alias() == null || t.alias().isEmpty() ? t.name() : t.alias();
    }

    private static String identifier(Container c) {
        return c.alias() == null || c.alias().isEmpty() ? c.name() : c.alias();
    }
}
