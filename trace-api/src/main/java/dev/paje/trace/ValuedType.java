package dev.paje.trace;

/** A type whose entities take named values: states, events and links. */
public abstract sealed class ValuedType extends TraceType permits StateType, EventType, LinkType {
    ValuedType(Tracer tracer, String name, ContainerType container, String alias, boolean live) {
        super(tracer, name, container, alias, live);
    }

    /** A value of this type, written once; its color is picked from a palette. */
    public Value value(String name) {
        return tracer.value(this, name, null);
    }

    /** A value of this type with {@code color} "r g b", each in [0, 1]. */
    public Value value(String name, String color) {
        return tracer.value(this, name, color);
    }
}
