package dev.paje.stats;

import dev.paje.store.Type;

/**
 * A variable (a step function) over the part of the window where it is defined. For a group, the
 * integral and time add up over its containers, so the mean is the time-weighted mean of all.
 *
 * @param containers how many containers contribute
 * @param time how long the variable is defined inside the window (summed over containers)
 * @param min smallest value held for a positive time in the window (for an instant window: the value in force then)
 * @param max largest such value
 * @param mean {@code integral / time} (NaN when time is 0)
 * @param integral the integral of the value over the window
 */
public record VariableStats(Type type, int containers, double time, double min, double max, double mean,
        double integral) {
}
