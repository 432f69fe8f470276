package dev.paje.server;

import dev.paje.read.Progress;
import dev.paje.store.SummaryBuild;

/**
 * How far loading the trace has come, for {@code /api/status}: the server starts before the trace
 * is loaded, so the page can show progress instead of a browser spinning on a closed port.
 */
final class LoadStatus implements Progress {
    enum State { LOADING, READY, FAILED }

    private volatile State state = State.LOADING;
    private volatile String file = "";
    private volatile long total = -1;
    private volatile long bytesDone;
    private volatile String message = "";
    private final long started = System.nanoTime();
    /** When the load ended, ready or failed (0 while loading): "seconds" then says what the load took. */
    private volatile long ended;
    /** The summaries still built after ready (a progressive seal), or null. */
    private volatile SummaryBuild summaries;
    private volatile double summariesDone = Double.NaN;

    @Override
    public void start(String name, long bytes) {
        file = name;
        total = bytes;
        bytesDone = 0;
    }

    @Override
    public void advance(long bytesDone) {
        this.bytesDone = bytesDone;
    }

    void ready() {
        end();
        state = State.READY;
    }

    /** Ready with these summaries still to come (null: none, or all done). */
    void ready(SummaryBuild building) {
        summaries = building;
        if (building != null) {
            building.whenSealed().thenRun(() -> summariesDone = sinceStart());
        }
        end();
        state = State.READY;
    }

    /** Seconds from the server's start to the last summary written and the store sealed (NaN until then). */
    double summariesDone() {
        return summariesDone;
    }

    SummaryBuild summaries() {
        return summaries;
    }

    void failed(String why) {
        message = why;
        end();
        state = State.FAILED;
    }

    State state() {
        return state;
    }

    String file() {
        return file;
    }

    long total() {
        return total;
    }

    long bytesDone() {
        return bytesDone;
    }

    String message() {
        return message;
    }

    /** Seconds the load has taken so far, or took once it ended. */
    double seconds() {
        long end = ended;
        return ((end != 0 ? end : System.nanoTime()) - started) / 1e9;
    }

    private double sinceStart() {
        return (System.nanoTime() - started) / 1e9;
    }

    private void end() {
        if (ended == 0) {
            ended = System.nanoTime();
        }
    }

    /** The 503 for data asked before the trace is there. */
    ApiException notYet() {
        if (state == State.FAILED) {
            return new ApiException(503, "the trace could not be loaded: " + message);
        }
        String share = total > 0 ? String.format(" (%.0f%%)", 100.0 * bytesDone / total) : "";
        return new ApiException(503, "the trace is still loading" + share + "; ask /api/status");
    }
}
