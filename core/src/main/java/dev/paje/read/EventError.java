package dev.paje.read;

/**
 * Thrown by the tokenizer, the header parser or the simulator to reject one line. The reader adds
 * the file, line number and text. Stackless: it is a diagnosis, not a crash.
 */
public final class EventError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EventError(String message) {
        super(message, null, false, false);
    }
}
