package dev.paje.trace;

import java.nio.charset.StandardCharsets;

/**
 * What a {@link Tracer} defines once and lines then refer to by its pre-encoded alias: a type or a
 * value. One that is not {@code live} had its definition refused (lenient mode).
 */
abstract sealed class Handle permits TraceType, Value {
    final String name;
    final byte[] alias;
    final boolean live;

    Handle(String name, String alias, boolean live) {
        this.name = name;
        this.alias = alias.getBytes(StandardCharsets.US_ASCII);
        this.live = live;
    }

    public String name() {
        return name;
    }
}
