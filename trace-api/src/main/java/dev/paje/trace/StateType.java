package dev.paje.trace;

/** A type of states (intervals, nested by push and pop) of the containers of one type. */
public final class StateType extends ValuedType {
    /** Dense index among the tracer's state types: the slot of its stack depth in each container. */
    final int stateIndex;

    StateType(Tracer tracer, String name, ContainerType container, String alias, boolean live, int stateIndex) {
        super(tracer, name, container, alias, live);
        this.stateIndex = stateIndex;
    }
}
