package dev.paje.sim;

/**
 * How to simulate.
 *
 * @param ignoreIncompleteLinks do not report links whose start or end never came ({@code pj_dump -z})
 * @param stopAt stop simulating at this time (events after it are read but ignored); +inf for never
 * @param singlePrecisionVariables round variable values to single precision before adding them
 *     up, as PajeNG does (its outputs show it); off, values keep full double precision
 */
public record SimOptions(boolean ignoreIncompleteLinks, double stopAt, boolean singlePrecisionVariables) {

    public static SimOptions defaults() {
        return new SimOptions(false, Double.POSITIVE_INFINITY, false);
    }
}
