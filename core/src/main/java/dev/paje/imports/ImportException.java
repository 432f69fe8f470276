package dev.paje.imports;

/** The input of an importer is not a valid trace of its format: which file, where, and what is wrong. */
public final class ImportException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final long offset;

    /**
     * @param file the file at fault (an archive may hold many)
     * @param offset the byte offset in {@code file} where the fault was found, or -1 when it concerns the whole file
     * @param message what was expected and what was found
     */
    public ImportException(String file, long offset, String message) {
        super(message);
        this.file = file;
        this.offset = offset;
    }

    public String file() {
        return file;
    }

    public long offset() {
        return offset;
    }

    /** {@code at byte N: message}, or the message alone for a fault of the whole file. */
    public String detail() {
        return (offset >= 0 ? "at byte " + offset + ": " : "") + getMessage();
    }

    /** {@code FILE: at byte N: message}, the way problems of Pajé traces read. */
    public String describe() {
        return file + ": " + detail();
    }
}
