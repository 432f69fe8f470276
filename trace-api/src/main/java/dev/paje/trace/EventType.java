package dev.paje.trace;

/** A type of events (points in time) of the containers of one type. */
public final class EventType extends ValuedType {
    EventType(Tracer tracer, String name, ContainerType container, String alias, boolean live) {
        super(tracer, name, container, alias, live);
    }
}
