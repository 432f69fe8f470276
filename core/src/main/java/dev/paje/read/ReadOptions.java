package dev.paje.read;

/**
 * How to read a trace.
 *
 * @param legacyNames accept the 2003 field names ({@code ContainerType}, {@code SourceContainer}…), as {@code pj_dump -n}
 * @param failFast stop at the first problem (dump); otherwise collect up to {@code maxProblems} (validate)
 * @param maxProblems how many problems to keep before giving up
 * @param followTraceFiles read the files named by {@code PajeTraceFile} events, relative to the trace
 */
public record ReadOptions(boolean legacyNames, boolean failFast, int maxProblems, boolean followTraceFiles) {

    public static ReadOptions defaults() {
        return new ReadOptions(false, true, 1, true);
    }

    public ReadOptions withLegacyNames(boolean legacy) {
        return new ReadOptions(legacy, failFast, maxProblems, followTraceFiles);
    }

    public ReadOptions collecting(int max) {
        return new ReadOptions(legacyNames, false, max, followTraceFiles);
    }
}
