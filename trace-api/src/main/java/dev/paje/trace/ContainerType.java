package dev.paje.trace;

/** A type of containers (a machine, a process, a thread): where containers of that kind sit in the tree. */
public final class ContainerType extends TraceType {
    ContainerType(Tracer tracer, String name, ContainerType parent, String alias, boolean live) {
        super(tracer, name, parent, alias, live);
    }
}
