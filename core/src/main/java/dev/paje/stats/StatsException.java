package dev.paje.stats;

/** A request the trace cannot answer (unknown container or type, empty window): a user error, not a bug. */
public final class StatsException extends RuntimeException {
    public StatsException(String message) {
        super(message);
    }
}
