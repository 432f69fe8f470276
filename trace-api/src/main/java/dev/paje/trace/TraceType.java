package dev.paje.trace;

/**
 * A type of the trace's hierarchy, made by a {@link Tracer}: a handle that lines refer to by its
 * pre-encoded alias. A type whose definition was refused (lenient mode) is not {@code live}: using it
 * is counted as {@link Misuse#UNKNOWN_TYPE}.
 */
public abstract sealed class TraceType extends Handle permits ContainerType, VariableType, ValuedType {
    final Tracer tracer;
    /** The container type that holds it (for a container type: its parent); null for the root type. */
    final ContainerType container;

    TraceType(Tracer tracer, String name, ContainerType container, String alias, boolean live) {
        super(name, alias, live);
        this.tracer = tracer;
        this.container = container;
    }

    @Override
    public String toString() {
        String kind = this instanceof ContainerType ? "container type" : this instanceof VariableType ? "variable type"
                : this instanceof StateType ? "state type" : this instanceof EventType ? "event type" : "link type";
        return kind + " '" + name + "'";
    }
}
