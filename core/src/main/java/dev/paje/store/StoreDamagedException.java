package dev.paje.store;

/** A store file does not hold what its checksums say: truncated, overwritten or foreign. */
public final class StoreDamagedException extends RuntimeException {
    public StoreDamagedException(String message) {
        super(message);
    }
}
