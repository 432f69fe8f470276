package dev.paje.sim;

import java.util.Arrays;

/** The latest event time seen in each container (and its line), to check destroys come last. */
final class Clocks {
    private double[] time = new double[64];
    private long[] line = new long[64];

    {
        Arrays.fill(time, Double.NEGATIVE_INFINITY);
    }

    void tick(int container, double t, long l) {
        if (container >= time.length) {
            int n = Math.max(container + 1, time.length * 2);
            int old = time.length;
            time = Arrays.copyOf(time, n);
            line = Arrays.copyOf(line, n);
            Arrays.fill(time, old, n, Double.NEGATIVE_INFINITY);
        }
        if (t >= time[container]) {
            time[container] = t;
            line[container] = l;
        }
    }

    double time(int container) {
        return container < time.length ? time[container] : Double.NEGATIVE_INFINITY;
    }

    long line(int container) {
        return container < line.length ? line[container] : 0;
    }
}
