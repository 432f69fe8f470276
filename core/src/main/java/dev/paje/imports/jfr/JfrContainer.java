package dev.paje.imports.jfr;

import dev.paje.imports.PajeText;
import java.util.ArrayDeque;

/** A container of the trace (the JVM, a thread, GC, JIT): created in the trace when first used. */
final class JfrContainer {
    final String alias;
    final String type;
    final JfrContainer parent;
    /** Set until the container is created (the JVM learns its pid from the recording). */
    String name;
    final PajeText.Shape shape;
    final String[] user;
    boolean created;
    private final ArrayDeque<?>[] stacks = new ArrayDeque<?>[Lane.values().length];

    /** {@code shape} and {@code user}: the user fields of its creation, or null for none. */
    JfrContainer(String alias, String type, JfrContainer parent, String name, PajeText.Shape shape, String[] user) {
        this.alias = alias;
        this.type = type;
        this.parent = parent;
        this.name = name;
        this.shape = shape;
        this.user = user;
    }

    /** The open states of {@code lane}, innermost first. */
    @SuppressWarnings("unchecked")
    <T> ArrayDeque<T> stack(Lane lane) {
        ArrayDeque<?> s = stacks[lane.ordinal()];
        if (s == null) {
            s = new ArrayDeque<T>();
            stacks[lane.ordinal()] = s;
        }
        return (ArrayDeque<T>) s;
    }
}
