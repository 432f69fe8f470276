package dev.paje.trace;

/** A named value of a state, event or link type ("Running", "message"), written once with its color. */
public final class Value extends Handle {
    final TraceType type;

    Value(TraceType type, String name, String alias, boolean live) {
        super(name, alias, live);
        this.type = type;
    }

    @Override
    public String toString() {
        return "value '" + name + "' of " + type;
    }
}
