package dev.paje.sim;

import java.util.Arrays;

/**
 * Per container: the latest event time seen (and its line), to check that a destroy comes last,
 * and the line that destroyed it, for messages about events that come too late.
 */
final class Clocks {
    /**
     * Per container {@code c}, at {@code 2c} its latest time's bits and at {@code 2c + 1} that event's line: side by side,
     * so that an event's tick reads and writes one cache line, not one in each of two arrays.
     */
    private long[] clock = new long[0];
    private long[] destroyed = new long[0];
    private static final long NEVER = Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY);

    Clocks() {
        ensure(63);
    }

    private void ensure(int container) {
        if (container >= destroyed.length) {
            int n = Math.max(container + 1, destroyed.length * 2);
            int old = destroyed.length;
            clock = Arrays.copyOf(clock, 2 * n);
            destroyed = Arrays.copyOf(destroyed, n);
            for (int c = old; c < n; c++) {
                clock[2 * c] = NEVER;
            }
        }
    }

    void tick(int container, double t, long l) {
        ensure(container);
        seen(container, t, l);
    }

    /** {@link #tick} for a container ticked before (its clock exists): the simulator's memo hits. */
    void seen(int container, double t, long l) {
        int i = container << 1;
        if (t >= Double.longBitsToDouble(clock[i])) {
            clock[i] = Double.doubleToRawLongBits(t);
            clock[i + 1] = l;
        }
    }

    /** Reads the container's clock: a sum, for a caller that warms the cache ({@code Entities.touch}). */
    long touch(int container) {
        return container < destroyed.length ? clock[container << 1] + clock[(container << 1) + 1] : 0;
    }

    double time(int container) {
        return container < destroyed.length ? Double.longBitsToDouble(clock[container << 1]) : Double.NEGATIVE_INFINITY;
    }

    long line(int container) {
        return container < destroyed.length ? clock[(container << 1) + 1] : 0;
    }

    void destroyed(int container, long l) {
        ensure(container);
        destroyed[container] = l;
    }

    long destroyedLine(int container) {
        return container < destroyed.length ? destroyed[container] : 0;
    }
}
