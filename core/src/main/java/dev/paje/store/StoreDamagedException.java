package dev.paje.store;

import java.nio.file.Path;

/** A store file does not hold what its checksums say: truncated, overwritten or foreign. */
public final class StoreDamagedException extends RuntimeException {
    private final transient Path file;

    public StoreDamagedException(String message, Path file) {
        super(message);
        this.file = file;
    }

    /** The damaged store file (may no longer exist: temporary stores are unlinked). */
    public Path file() {
        return file;
    }
}
