package dev.paje.store;

import java.util.Arrays;

/**
 * One container's states, fed in start order, turned into their <em>innermost</em> (exclusive) pieces: the time each
 * state is on top of the stack (its time minus its children's), handed to a {@link Sink} as {@code (value, from, to)}.
 * Shared by the aggregated rows' sweep over a window and the aggregate pyramids' build at seal, so both count the
 * same time.
 */
public final class InnermostStack {
    /** Receives each piece of time a value spends on top of the stack. */
    public interface Sink {
        void add(int value, double from, double to);
    }

    private final Sink sink;
    private final double traceEnd;
    private int[] stackValue = new int[16];
    private double[] stackEnd = new double[16];
    private int depth;
    private double cursor = Double.NEGATIVE_INFINITY;

    /** A stack whose open states (NaN end) last to {@code traceEnd}. */
    public InnermostStack(double traceEnd, Sink sink) {
        this.traceEnd = traceEnd;
        this.sink = sink;
    }

    /** The next state of the container, in start order (a parent before the children starting with it). */
    public void state(double s, double e, int value, int level) {
        e = Double.isNaN(e) ? traceEnd : e;
        level = Math.max(0, level);
        while (depth > 0 && (depth > level || stackEnd[depth - 1] <= s)) {
            pop();
        }
        if (depth > 0) {
            sink.add(stackValue[depth - 1], cursor, s);
        }
        cursor = s;
        push(value, e);
    }

    /** Closes every state still on the stack: the container's states are over; ready for the next container. */
    public void finish() {
        while (depth > 0) {
            pop();
        }
        cursor = Double.NEGATIVE_INFINITY;
    }

    private void push(int v, double end) {
        if (depth == stackValue.length) {
            stackValue = Arrays.copyOf(stackValue, depth * 2);
            stackEnd = Arrays.copyOf(stackEnd, depth * 2);
        }
        stackValue[depth] = v;
        stackEnd[depth] = end;
        depth++;
    }

    /** Closes the top state: its time since the cursor is its own; its parent resumes at its end. */
    private void pop() {
        depth--;
        double end = stackEnd[depth];
        sink.add(stackValue[depth], cursor, end);
        cursor = Math.max(cursor, end);
    }
}
