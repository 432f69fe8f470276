package dev.paje.collective;

import java.util.regex.Pattern;

/**
 * How collectives are recognized. A tolerance of NaN means "the trace's time resolution"
 * ({@link TimeResolution}): the rounding of printed times is then the only slack allowed.
 *
 * @param tolerance largest gap between consecutive start times of one operation's members (NaN: default)
 * @param minContainers fewest distinct containers an operation involves
 * @param keyRule links whose key this finds are grouped by the rule's first capture group (the whole
 *     match when it has none) rather than by time; null for no rule
 * @param links whether to look for link collectives
 * @param events whether to look for event collectives
 */
public record CollectiveOptions(double tolerance, int minContainers, Pattern keyRule, boolean links, boolean events) {
    public static final int DEFAULT_MIN_CONTAINERS = 3;

    public CollectiveOptions {
        if (!Double.isNaN(tolerance) && !(tolerance >= 0 && Double.isFinite(tolerance))) {
            throw new IllegalArgumentException("the tolerance must be a finite number >= 0, found " + tolerance);
        }
        if (minContainers < 2) {
            throw new IllegalArgumentException("an operation involves at least 2 containers, found " + minContainers);
        }
    }

    /** Links and events, the resolution's tolerance, at least 3 containers, no key rule. */
    public static CollectiveOptions defaults() {
        return new CollectiveOptions(Double.NaN, DEFAULT_MIN_CONTAINERS, null, true, true);
    }

    public CollectiveOptions withTolerance(double t) {
        return new CollectiveOptions(t, minContainers, keyRule, links, events);
    }

    public CollectiveOptions withMinContainers(int k) {
        return new CollectiveOptions(tolerance, k, keyRule, links, events);
    }

    public CollectiveOptions withKeyRule(Pattern rule) {
        return new CollectiveOptions(tolerance, minContainers, rule, links, events);
    }
}
