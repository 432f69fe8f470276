package dev.paje.store;

import java.nio.file.Path;

/** A store file does not hold what its checksums say: truncated, overwritten or foreign. */
public final class StoreDamagedException extends RuntimeException {
    private final transient Path file;
    private final boolean sealed;

    /** A damaged sealed store (a cache that may be removed). */
    public StoreDamagedException(String message, Path file) {
        this(message, file, true);
    }

    /** A damaged store; {@code sealed} false: found while this process was still writing it. */
    public StoreDamagedException(String message, Path file, boolean sealed) {
        super(message);
        this.file = file;
        this.sealed = sealed;
    }

    /** The damaged store file (may no longer exist: temporary stores are unlinked). */
    public Path file() {
        return file;
    }

    /**
     * Whether the store was sealed when the damage was found: else this process was still writing it (a progressive
     * seal), and the damage may be a read racing that writing rather than the file's: it is no cache to remove.
     */
    public boolean sealed() {
        return sealed;
    }
}
