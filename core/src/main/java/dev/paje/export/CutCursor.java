package dev.paje.export;

import java.io.IOException;

/**
 * One time-ordered source of lines of a cut trace (a table of one container, the creations, the
 * destructions); the cut merges them by time. {@link #phase} orders sources at equal times:
 * creations, then entities, then destructions.
 */
abstract class CutCursor {
    static final int CREATE = 0;
    static final int ENTITY = 1;
    static final int DESTROY = 2;

    final int phase;
    /** Position of the source, for a deterministic order at equal times. */
    final int order;
    /** Time of the next line; NaN when exhausted. */
    double time = Double.NaN;

    CutCursor(int phase, int order) {
        this.phase = phase;
        this.order = order;
    }

    boolean done() {
        return Double.isNaN(time);
    }

    /** Writes the next line and moves to the one after (setting {@link #time}). */
    abstract void emit(PajeWriter out) throws IOException;

    static int compare(CutCursor a, CutCursor b) {
        int c = Double.compare(a.time, b.time);
        if (c == 0) {
            c = Integer.compare(a.phase, b.phase);
        }
        return c != 0 ? c : Integer.compare(a.order, b.order);
    }
}
