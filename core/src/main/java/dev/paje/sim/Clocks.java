package dev.paje.sim;

import java.util.Arrays;

/**
 * Per container: the latest event time seen (and its line), to check that a destroy comes last,
 * and the line that destroyed it, for messages about events that come too late.
 */
final class Clocks {
    private double[] time = new double[64];
    private long[] line = new long[64];
    private long[] destroyed = new long[64];

    Clocks() {
        Arrays.fill(time, Double.NEGATIVE_INFINITY);
    }

    private void ensure(int container) {
        if (container >= time.length) {
            int n = Math.max(container + 1, time.length * 2);
            int old = time.length;
            time = Arrays.copyOf(time, n);
            line = Arrays.copyOf(line, n);
            destroyed = Arrays.copyOf(destroyed, n);
            Arrays.fill(time, old, n, Double.NEGATIVE_INFINITY);
        }
    }

    void tick(int container, double t, long l) {
        ensure(container);
        if (t >= time[container]) {
            time[container] = t;
            line[container] = l;
        }
    }

    /** Reads the container's clock: a sum, for a caller that warms the cache ({@code Entities.touch}). */
    long touch(int container) {
        return container < time.length ? (long) time[container] + line[container] : 0;
    }

    double time(int container) {
        return container < time.length ? time[container] : Double.NEGATIVE_INFINITY;
    }

    long line(int container) {
        return container < line.length ? line[container] : 0;
    }

    void destroyed(int container, long l) {
        ensure(container);
        destroyed[container] = l;
    }

    long destroyedLine(int container) {
        return container < destroyed.length ? destroyed[container] : 0;
    }
}
