package dev.paje.read;

/**
 * How to read a trace.
 *
 * @param legacyNames accept the 2003 field names ({@code ContainerType}, {@code SourceContainer}…), as {@code pj_dump -n}
 * @param failFast stop at the first problem (dump); otherwise collect up to {@code maxProblems} (validate)
 * @param maxProblems how many problems to keep before giving up
 * @param followTraceFiles read the files named by {@code PajeTraceFile} events, relative to the trace
 * @param chunkSize bytes per chunk handed to a tokenizer thread (tests force tiny chunks)
 * @param groupByContainer feed the simulator each chunk's events container by container (faster; the
 *     result and the problems reported are the same as in file order, which tests compare)
 */
public record ReadOptions(boolean legacyNames, boolean failFast, int maxProblems, boolean followTraceFiles,
        int chunkSize, boolean groupByContainer) {

    /**
     * The chunk size that keeps both cores busy without holding much of the file in memory: 1 MB, not 4, since a
     * chunk's staged records then stay in the CPU's caches (1 GB validate: 10% less CPU, 60 MB less RSS, bench/RESULTS.md).
     */
    public static final int DEFAULT_CHUNK = 1 << 20;
    /** Bytes of the file's start read for the header's definitions, whatever the chunk size (headers can be long). */
    public static final int HEAD = 4 << 20;

    public ReadOptions {
        if (chunkSize < 1) {
            throw new IllegalArgumentException("chunk size must be positive: " + chunkSize);
        }
    }

    public static ReadOptions defaults() {
        return new ReadOptions(false, true, 1, true, chunkForHeap(), true);
    }

    /**
     * {@link #DEFAULT_CHUNK}, smaller on small heaps: a few tokenized chunks are in flight at once, each
     * about 3.5 times its size in memory, so the reader takes a bounded share of the heap (1/80 a chunk).
     */
    public static int chunkForHeap() {
        long share = Runtime.getRuntime().maxMemory() / 80;
        return (int) Math.max(256 << 10, Math.min(DEFAULT_CHUNK, share));
    }
}
