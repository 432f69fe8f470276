package dev.paje.render;

/** A picture that cannot be drawn as asked (unknown name, bad size, empty window): a user error, not a bug. */
public final class RenderException extends RuntimeException {
    public RenderException(String message) {
        super(message);
    }
}
