package dev.paje.view;

/**
 * A question a view cannot answer as asked: a malformed query, something that does not exist, a
 * path that leads where it may not. The message says what was expected and what was found; the
 * server turns the reason into an HTTP status, the command line into an exit code.
 */
public final class ViewException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Why the question cannot be answered. */
    public enum Reason { BAD_REQUEST, NOT_FOUND, FORBIDDEN }

    private final Reason reason;

    private ViewException(Reason reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    public static ViewException badRequest(String message) {
        return new ViewException(Reason.BAD_REQUEST, message);
    }

    public static ViewException notFound(String message) {
        return new ViewException(Reason.NOT_FOUND, message);
    }

    public static ViewException forbidden(String message) {
        return new ViewException(Reason.FORBIDDEN, message);
    }

    public Reason reason() {
        return reason;
    }
}
