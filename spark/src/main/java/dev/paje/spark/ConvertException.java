package dev.paje.spark;

/** A trace the converter cannot convert: the message names the file and where (line or byte offset). */
public final class ConvertException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConvertException(String message) {
        super(message);
    }
}
