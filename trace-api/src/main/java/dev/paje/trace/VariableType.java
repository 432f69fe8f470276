package dev.paje.trace;

/** A type of variables (a step function of time) of the containers of one type. */
public final class VariableType extends TraceType {
    VariableType(Tracer tracer, String name, ContainerType container, String alias, boolean live) {
        super(tracer, name, container, alias, live);
    }
}
