package dev.paje.sim;

/**
 * How to simulate.
 *
 * @param ignoreIncompleteLinks do not report links whose start or end never came ({@code pj_dump -z})
 * @param stopAt stop simulating at this time (events after it are read but ignored); +inf for never
 * @param singlePrecisionVariables round variable values to single precision before adding them
 *     up, as PajeNG does (its outputs show it); off, values keep full double precision
 * @param noImbrication PajeNG's {@code -i}: push and pop become sets. A push ends the state under it
 *     and a pop starts a new state with the value under it; levels are kept; a reset, a set or the
 *     container's end gives every state still stacked that end, as PajeNG does
 * @param endAtLeast the trace ends no earlier than this, whatever its last event (a part of a trace
 *     simulated alone, as the Spark converter does, ends where the whole trace ends); -inf for none
 */
public record SimOptions(boolean ignoreIncompleteLinks, double stopAt, boolean singlePrecisionVariables,
        boolean noImbrication, double endAtLeast) {

    public SimOptions(boolean ignoreIncompleteLinks, double stopAt, boolean singlePrecisionVariables) {
        this(ignoreIncompleteLinks, stopAt, singlePrecisionVariables, false, Double.NEGATIVE_INFINITY);
    }

    public static SimOptions defaults() {
        return new SimOptions(false, Double.POSITIVE_INFINITY, false);
    }

    /**
     * The generated record text, written out (the cache key holds it): the generated method's first call spins ~120
     * method-handle classes, whose bytecode generator (ASM's {@code Frame.execute}) C2 then compiled for ~0.4 CPU-s
     * during a first load (bench/RESULTS.md, session 16). A StringBuilder, not {@code +}: no bootstrap either.
     */
    @Override
    public String toString() {
        return new StringBuilder("SimOptions[ignoreIncompleteLinks=").append(ignoreIncompleteLinks)
                .append(", stopAt=").append(stopAt)
                .append(", singlePrecisionVariables=").append(singlePrecisionVariables)
                .append(", noImbrication=").append(noImbrication)
                .append(", endAtLeast=").append(endAtLeast).append(']').toString();
    }
}
