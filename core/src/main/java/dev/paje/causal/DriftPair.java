package dev.paje.causal;

import java.util.Arrays;

/**
 * The messages between two clocks A and B, as bounds on their relative clock δ(t) = offset_B(t) −
 * offset_A(t): each A→B message sent at s and received at r says δ(s) ≤ r − s, each B→A message
 * says δ(s) ≥ s − r. Fits the line δ(t) = a + b·t that passes between them with the widest margin.
 */
final class DriftPair {
    /** The largest relative rate searched for (1000 ppm): beyond it a clock is broken, not drifting. */
    static final double MAX_RATE = 1e-3;

    final int a;
    final int b;
    private double[] upT = new double[4];
    private double[] upV = new double[4];
    private double[] loT = new double[4];
    private double[] loV = new double[4];
    int ups;
    int los;

    DriftPair(int a, int b) {
        this.a = a;
        this.b = b;
    }

    /** A message from {@code from} sent at {@code s} and received at {@code r}, times relative to the trace start. */
    void add(int from, double s, double r) {
        if (from == a) {
            if (ups == upT.length) {
                upT = Arrays.copyOf(upT, ups * 2);
                upV = Arrays.copyOf(upV, ups * 2);
            }
            upT[ups] = s;
            upV[ups++] = r - s;
        } else {
            if (los == loT.length) {
                loT = Arrays.copyOf(loT, los * 2);
                loV = Arrays.copyOf(loV, los * 2);
            }
            loT[los] = s;
            loV[los++] = s - r;
        }
    }

    /** Time between the first and the last message. */
    double span() {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < ups; i++) {
            lo = Math.min(lo, upT[i]);
            hi = Math.max(hi, upT[i]);
        }
        for (int i = 0; i < los; i++) {
            lo = Math.min(lo, loT[i]);
            hi = Math.max(hi, loT[i]);
        }
        return hi - lo;
    }

    /**
     * Half the gap between the lowest upper bound and the highest lower bound once the slope
     * {@code rate} is taken out: concave in {@code rate} (a minimum of lines minus a maximum of lines).
     */
    double margin(double rate) {
        double up = Double.POSITIVE_INFINITY;
        for (int i = 0; i < ups; i++) {
            up = Math.min(up, upV[i] - rate * upT[i]);
        }
        double lo = Double.NEGATIVE_INFINITY;
        for (int j = 0; j < los; j++) {
            lo = Math.max(lo, loV[j] - rate * loT[j]);
        }
        return (up - lo) / 2;
    }

    /** The rate in [−MAX_RATE, MAX_RATE] with the widest margin: golden-section search on the concave margin. */
    double bestRate() {
        final double g = (Math.sqrt(5) - 1) / 2;
        double lo = -MAX_RATE;
        double hi = MAX_RATE;
        double x1 = hi - g * (hi - lo);
        double x2 = lo + g * (hi - lo);
        double m1 = margin(x1);
        double m2 = margin(x2);
        for (int i = 0; i < 80 && hi - lo > 1e-15; i++) {
            if (m1 < m2) {
                lo = x1;
                x1 = x2;
                m1 = m2;
                x2 = lo + g * (hi - lo);
                m2 = margin(x2);
            } else {
                hi = x2;
                x2 = x1;
                m2 = m1;
                x1 = hi - g * (hi - lo);
                m1 = margin(x1);
            }
        }
        return (lo + hi) / 2;
    }
}
