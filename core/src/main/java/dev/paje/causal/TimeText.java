package dev.paje.causal;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;

/**
 * Writes a corrected time so that reading it back gives exactly the double computed: with as many
 * decimals as the original token when that is exact, else the shortest decimal that round-trips.
 */
final class TimeText {
    private TimeText() {
    }

    static byte[] format(double value, byte[] original, int from, int to) {
        int decimals = plainDecimals(original, from, to);
        if (decimals >= 0) {
            String fixed = new BigDecimal(value).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
            if (Double.parseDouble(fixed) == value) {
                return fixed.getBytes(StandardCharsets.US_ASCII);
            }
        }
        String s = new BigDecimal(Double.toString(value)).toPlainString();
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** Digits after the point of a plain decimal token ({@code -12.500}: 3, {@code 7}: 0), or -1. */
    private static int plainDecimals(byte[] b, int from, int to) {
        int i = from;
        if (i < to && (b[i] == '-' || b[i] == '+')) {
            i++;
        }
        int point = -1;
        for (; i < to; i++) {
            if (b[i] == '.' && point < 0) {
                point = i;
            } else if (b[i] < '0' || b[i] > '9') {
                return -1;
            }
        }
        return point < 0 ? 0 : to - point - 1;
    }
}
