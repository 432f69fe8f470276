package dev.paje.trace;

import java.nio.charset.StandardCharsets;

/** A named value of a state, event or link type ("Running", "message"), written once with its color. */
public final class Value {
    final TraceType type;
    final String name;
    final byte[] alias;
    final boolean live;

    Value(TraceType type, String name, String alias, boolean live) {
        this.type = type;
        this.name = name;
        this.alias = alias.getBytes(StandardCharsets.US_ASCII);
        this.live = live;
    }

    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return "value '" + name + "' of " + type;
    }
}
