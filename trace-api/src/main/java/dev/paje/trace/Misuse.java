package dev.paje.trace;

/**
 * The ways a program can use a {@link Tracer} wrongly. In strict mode the call throws a
 * {@link TraceMisuseException} at once; otherwise the call writes nothing (or, for
 * {@link #TIME_BACKWARDS}, writes at the last time), is counted, and the counts are reported at close:
 * the trace stays valid either way.
 */
public enum Misuse {
    /** A pop of a state type that has no pushed state left in that container. */
    POP_WITHOUT_PUSH("pop without push"),
    /** A container that is destroyed, was never created (its creation was refused) or belongs to another tracer. */
    UNKNOWN_CONTAINER("unknown container"),
    /** A type or value of another tracer, or one whose container type does not fit the container it is used in. */
    UNKNOWN_TYPE("unknown or misplaced type"),
    /** A link end with no pending start of the same link type, container and key. */
    LINK_END_WITHOUT_START("link end without start"),
    /** A link start whose key is already pending for that link type and container. */
    LINK_KEY_IN_USE("link key already in use"),
    /** Links started but never ended, counted at close. */
    LINK_START_WITHOUT_END("link start without end"),
    /** A container destroyed a second time. */
    DESTROYED_TWICE("container destroyed twice"),
    /** A call after {@link Tracer#close()}. */
    AFTER_CLOSE("use after close"),
    /** A custom clock that went back in time; the line is written at the last time. */
    TIME_BACKWARDS("time went backwards"),
    /** A null name, a color that is not "r g b" in [0, 1], a variable value that is not finite, or user fields of another kind. */
    BAD_ARGUMENT("bad argument");

    private final String description;

    Misuse(String description) {
        this.description = description;
    }

    /** A few words for messages, e.g. "pop without push". */
    public String description() {
        return description;
    }
}
