package dev.paje.causal;

import java.util.Arrays;

/**
 * How far the whole trace has gone on the logical axis by each real time: the largest clock of the
 * instants at or before it, linear between successive times (monotone in time). What has no instants
 * of its own, a container holding only variables, follows it.
 */
final class Furthest {
    private final double[] times; // distinct, increasing
    private final int[] clocks; // the largest clock of an instant at or before times[i]

    private Furthest(double[] times, int[] clocks) {
        this.times = times;
        this.clocks = clocks;
    }

    /** From the instants of the active containers (those with instants of their own) and their clocks. */
    static Furthest of(Timelines lines, int[][] clock) {
        int total = 0;
        for (int c = 0; c < lines.times.length; c++) {
            total += lines.active[c] ? lines.times[c].length : 0;
        }
        double[] all = new double[total];
        int k = 0;
        for (int c = 0; c < lines.times.length; c++) {
            if (lines.active[c]) {
                System.arraycopy(lines.times[c], 0, all, k, lines.times[c].length);
                k += lines.times[c].length;
            }
        }
        Arrays.sort(all);
        int n = 0;
        for (int i = 0; i < all.length; i++) {
            if (n == 0 || all[i] != all[n - 1]) {
                all[n++] = all[i];
            }
        }
        double[] times = Arrays.copyOf(all, n);
        int[] best = new int[n];
        for (int c = 0; c < lines.times.length; c++) {
            if (!lines.active[c]) {
                continue;
            }
            for (int i = 0; i < lines.times[c].length; i++) {
                int at = Arrays.binarySearch(times, lines.times[c][i]);
                best[at] = Math.max(best[at], clock[c][i]);
            }
        }
        for (int i = 1; i < n; i++) {
            best[i] = Math.max(best[i], best[i - 1]);
        }
        return new Furthest(times, best);
    }

    /** The position reached by real time {@code t} (the first one before any instant, the last one after all). */
    double position(double t) {
        int n = times.length;
        if (n == 0) {
            return 0;
        }
        int i = Arrays.binarySearch(times, t + 0.0);
        i = i >= 0 ? i : -i - 2;
        if (i < 0) {
            return clocks[0];
        }
        if (i == n - 1 || times[i] == t) {
            return clocks[i];
        }
        double f = (t - times[i]) / (times[i + 1] - times[i]);
        return clocks[i] + f * (clocks[i + 1] - clocks[i]);
    }

    /** The earliest real time at which the position reaches {@code x}; NaN when it never does. */
    double time(double x) {
        int n = times.length;
        if (n == 0 || clocks[n - 1] < x) {
            return Double.NaN;
        }
        int lo = 0;
        int hi = n - 1;
        while (lo < hi) { // the first time whose clock is >= x
            int mid = (lo + hi) >>> 1;
            if (clocks[mid] < x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if (lo == 0 || clocks[lo] == x) {
            return times[lo];
        }
        double f = (x - clocks[lo - 1]) / (clocks[lo] - clocks[lo - 1]);
        return times[lo - 1] + f * (times[lo] - times[lo - 1]);
    }
}
