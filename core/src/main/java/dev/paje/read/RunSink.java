package dev.paje.read;

/**
 * A sink that also takes runs of entity events summarized by the tokenizer threads
 * ({@link RunSummary}), for a reading that only checks the trace.
 */
public interface RunSink extends EventSink {
    /**
     * Applies run {@code run} of {@code summary} (names already the reader's ids) as if its events had
     * come one by one.
     *
     * @throws RunSummary.Fallback when it cannot be applied exactly: the caller then reads the trace again, event by event
     */
    void applyRun(RunSummary summary, int run);
}
