package dev.paje.trace;

/** A wrong use of a {@link Tracer} in strict mode: which rule, and a message naming the culprits. */
public final class TraceMisuseException extends IllegalStateException {
    private static final long serialVersionUID = 1L;
    private final Misuse misuse;

    TraceMisuseException(Misuse misuse, String message) {
        super(misuse.description() + ": " + message);
        this.misuse = misuse;
    }

    public Misuse misuse() {
        return misuse;
    }
}
