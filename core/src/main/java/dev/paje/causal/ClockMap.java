package dev.paje.causal;

import java.util.Arrays;

/**
 * How each clock is corrected: a clock group's times t become {@code (1 - rate)·(t - ref) + ref +
 * shift}, first removing its drift (rate: how much faster than the reference clock it runs) then
 * shifting it. With rate 0 this is exactly {@code t + shift}, the shift-only correction. Every step
 * is a monotone operation on doubles, so as long as {@code rate < 1} times keep their order.
 */
public final class ClockMap {
    private final double ref;
    private final double[] rate; // per container id: the rate of its clock group
    private final double[] shift; // per container id: the shift of its clock group

    private ClockMap(double ref, double[] rate, double[] shift) {
        this.ref = ref;
        this.rate = rate;
        this.shift = shift;
    }

    /** No drift and no shift for {@code size} containers. */
    public static ClockMap identity(int size) {
        return new ClockMap(0, new double[size], new double[size]);
    }

    /**
     * Drift removal only: container {@code c} runs {@code rate[c]} faster than the reference clock,
     * measured from time {@code ref} (the trace's start, where de-drifting moves nothing).
     */
    public static ClockMap drift(double ref, double[] rate) {
        for (double r : rate) {
            if (!(Math.abs(r) < 1)) {
                throw new IllegalArgumentException("a clock rate must be within (-1, 1) to keep times in order, found " + r);
            }
        }
        return new ClockMap(ref, rate.clone(), new double[rate.length]);
    }

    /** This drift removal followed by {@code shift} per container id. */
    ClockMap withShifts(double[] shift) {
        return new ClockMap(ref, rate, shift.clone());
    }

    /** Time {@code t} of container {@code c} with its drift removed (unchanged when its rate is 0). */
    public double dedrift(int c, double t) {
        double r = rate[c];
        return r == 0 ? t : (1 - r) * (t - ref) + ref;
    }

    /** Time {@code t} of container {@code c} corrected: drift removed, then shifted. */
    public double apply(int c, double t) {
        return dedrift(c, t) + shift[c];
    }

    /** True when container {@code c}'s times change. */
    public boolean moves(int c) {
        return rate[c] != 0 || shift[c] != 0;
    }

    public double rate(int c) {
        return rate[c];
    }

    public double shift(int c) {
        return shift[c];
    }

    /** The time drift is measured from: de-drifting leaves it in place. */
    public double ref() {
        return ref;
    }

    /** True when some clock drifts. */
    public boolean drifts() {
        return Arrays.stream(rate).anyMatch(r -> r != 0);
    }

    public int size() {
        return rate.length;
    }
}
