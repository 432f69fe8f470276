package dev.paje.read;

/**
 * How to read a trace.
 *
 * @param legacyNames accept the 2003 field names ({@code ContainerType}, {@code SourceContainer}…), as {@code pj_dump -n}
 * @param failFast stop at the first problem (dump); otherwise collect up to {@code maxProblems} (validate)
 * @param maxProblems how many problems to keep before giving up
 * @param followTraceFiles read the files named by {@code PajeTraceFile} events, relative to the trace
 * @param chunkSize bytes per chunk handed to a tokenizer thread (tests force tiny chunks)
 */
public record ReadOptions(boolean legacyNames, boolean failFast, int maxProblems, boolean followTraceFiles,
        int chunkSize) {

    /** The chunk size that keeps both cores busy without holding much of the file in memory. */
    public static final int DEFAULT_CHUNK = 4 << 20;

    public ReadOptions {
        if (chunkSize < 1) {
            throw new IllegalArgumentException("chunk size must be positive: " + chunkSize);
        }
    }

    public static ReadOptions defaults() {
        return new ReadOptions(false, true, 1, true, DEFAULT_CHUNK);
    }
}
