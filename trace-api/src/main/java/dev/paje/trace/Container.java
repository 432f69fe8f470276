package dev.paje.trace;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A container of the trace (a machine, a process, a thread) and what happens in it. Every call writes
 * one line stamped with the tracer's clock; calls are thread-safe, allocation-free, and checked (see
 * {@link Misuse}). Made by {@link Tracer#createContainer}.
 */
public final class Container {
    final Tracer tracer;
    final String name;
    final ContainerType type;
    final byte[] alias;
    /** Dense index among the tracer's containers: part of a pending link's identity. */
    final int index;
    /** Created and not destroyed; false for a container whose creation was refused. Guarded by the tracer's lock. */
    boolean live;
    boolean destroyed;
    /** Per state type (by {@link StateType#stateIndex}), how many states are pushed. Guarded by the tracer's lock. */
    private int[] depth = new int[4];

    Container(Tracer tracer, String name, ContainerType type, String alias, int index, boolean live) {
        this.tracer = tracer;
        this.name = name;
        this.type = type;
        this.alias = alias.getBytes(StandardCharsets.US_ASCII);
        this.index = index;
        this.live = live;
    }

    public String name() {
        return name;
    }

    public ContainerType type() {
        return type;
    }

    /** Pushes {@code value} on top of the container's states of {@code type}. */
    public void pushState(StateType type, Value value) {
        tracer.state(Standard.PUSH_STATE, this, type, value, null);
    }

    public void pushState(StateType type, Value value, FieldValues fields) {
        tracer.state(Standard.PUSH_STATE, this, type, value, fields);
    }

    /** Ends the state on top of the container's states of {@code type}. */
    public void popState(StateType type) {
        tracer.pop(Standard.POP_STATE, this, type);
    }

    /** Replaces every state of {@code type} by {@code value}. */
    public void setState(StateType type, Value value) {
        tracer.state(Standard.SET_STATE, this, type, value, null);
    }

    public void setState(StateType type, Value value, FieldValues fields) {
        tracer.state(Standard.SET_STATE, this, type, value, fields);
    }

    /** Ends every state of {@code type}. */
    public void resetState(StateType type) {
        tracer.pop(Standard.RESET_STATE, this, type);
    }

    public void event(EventType type, Value value) {
        tracer.event(this, type, value, null, null);
    }

    public void event(EventType type, Value value, FieldValues fields) {
        tracer.event(this, type, value, null, fields);
    }

    /** An event whose value is free text (a message): Pajé adds such values on the fly. */
    public void event(EventType type, CharSequence text) {
        tracer.event(this, type, null, text, null);
    }

    public void event(EventType type, CharSequence text, FieldValues fields) {
        tracer.event(this, type, null, text, fields);
    }

    public void setVariable(VariableType type, double value) {
        tracer.variable(Standard.SET_VARIABLE, this, type, value);
    }

    public void addVariable(VariableType type, double value) {
        tracer.variable(Standard.ADD_VARIABLE, this, type, value);
    }

    public void subVariable(VariableType type, double value) {
        tracer.variable(Standard.SUB_VARIABLE, this, type, value);
    }

    /**
     * Starts a link of {@code type} inside this container (the link type's container) from {@code from};
     * {@link #endLink} with the same type and key ends it. {@link Tracer#newLinkKey()} gives unique keys.
     */
    public void startLink(LinkType type, Container from, Value value, long key) {
        tracer.link(Standard.START_LINK, this, type, from, value, key, null);
    }

    public void startLink(LinkType type, Container from, Value value, long key, FieldValues fields) {
        tracer.link(Standard.START_LINK, this, type, from, value, key, fields);
    }

    /** Ends the link of {@code type} and {@code key} started inside this container, at {@code to}. */
    public void endLink(LinkType type, Container to, Value value, long key) {
        tracer.link(Standard.END_LINK, this, type, to, value, key, null);
    }

    public void endLink(LinkType type, Container to, Value value, long key, FieldValues fields) {
        tracer.link(Standard.END_LINK, this, type, to, value, key, fields);
    }

    /** Destroys the container: its states end; it may not be used any more. */
    public void destroy() {
        tracer.destroy(this);
    }

    /** The stack depth slot of {@code type}, grown when types were defined after this container. */
    int depth(StateType type) {
        int i = type.stateIndex;
        return i < depth.length ? depth[i] : 0;
    }

    void depth(StateType type, int value) {
        int i = type.stateIndex;
        if (i >= depth.length) {
            depth = Arrays.copyOf(depth, Math.max(2 * depth.length, i + 1));
        }
        depth[i] = value;
    }

    @Override
    public String toString() {
        return "container '" + name + "'";
    }
}
