package dev.paje.causal;

import dev.paje.format.Shortest;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;

/**
 * Writes a corrected time as readers expect it: with the fewest decimals, no fewer than the original
 * token's, that read back to the double computed or to one next to it (0.7 moved by 0.2 is written
 * 0.9, the decimal sum, not 0.8999999999999999: its double is one ulp away). Rounding at a scale is
 * monotone, so times on one clock keep their order; else the shortest text that reads back exactly.
 */
final class TimeText {
    private TimeText() {
    }

    static byte[] format(double value, byte[] original, int from, int to) {
        String shortest = new BigDecimal(Shortest.format(value)).toPlainString();
        int decimals = plainDecimals(original, from, to);
        if (decimals >= 0) {
            BigDecimal exact = new BigDecimal(value);
            for (int scale = decimals; scale <= Math.max(decimals, decimalsOf(shortest)); scale++) {
                String fixed = exact.setScale(scale, RoundingMode.HALF_EVEN).toPlainString();
                if (closeEnough(Double.parseDouble(fixed), value)) {
                    return fixed.getBytes(StandardCharsets.US_ASCII);
                }
            }
        }
        return shortest.getBytes(StandardCharsets.US_ASCII);
    }

    /** The same double, or its neighbour: a decimal sum a reader would have written itself. */
    private static boolean closeEnough(double read, double value) {
        return read == value || Math.nextUp(read) == value || Math.nextDown(read) == value;
    }

    private static int decimalsOf(String plain) {
        int point = plain.indexOf('.');
        return point < 0 ? 0 : plain.length() - point - 1;
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
