package dev.paje.dump;

/**
 * What {@code paje dump} prints, as {@code pj_dump}'s flags.
 *
 * @param start print only entities ending at or after this time
 * @param end print only entities starting at or before this time
 * @param imbrication print nested states as stored (false: each state minus the time of the states
 *     pushed over it, the innermost view; pj_dump's {@code -i} is {@code SimOptions.noImbrication})
 * @param precision digits after the decimal point for times and values ({@code -l})
 * @param userDefined append user fields to entity lines ({@code -u})
 * @param header print a header line for each kind of line present ({@code -h})
 */
public record DumpOptions(double start, double end, boolean imbrication, int precision,
        boolean userDefined, boolean header) {

    public static DumpOptions defaults() {
        return new DumpOptions(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, true, 6, false, false);
    }
}
