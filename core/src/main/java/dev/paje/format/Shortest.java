package dev.paje.format;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Doubles as the shortest decimal that reads back to the same double, in plain notation for
 * ordinary magnitudes (what R, pandas and JSON parsers read without loss). Java 17's
 * {@code Double.toString} round-trips but is sometimes a digit or two too long: we shorten it.
 */
public final class Shortest {
    private Shortest() {
    }

    /** {@code x} as the shortest round-trip decimal; NaN and infinities as "NaN", "Infinity", "-Infinity". */
    public static String format(double x) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return Double.toString(x);
        }
        if (x == 0) {
            return 1 / x < 0 ? "-0" : "0";
        }
        BigDecimal d = new BigDecimal(Double.toString(x));
        if (d.precision() > 15) {
            d = shorter(x, d);
        }
        d = d.stripTrailingZeros();
        int exponent = d.precision() - d.scale() - 1; // of the leading digit
        if (exponent >= -6 && exponent < 21) {
            return d.toPlainString();
        }
        String digits = d.unscaledValue().abs().toString();
        StringBuilder s = new StringBuilder(digits.length() + 8);
        if (d.signum() < 0) {
            s.append('-');
        }
        s.append(digits.charAt(0));
        if (digits.length() > 1) {
            s.append('.').append(digits, 1, digits.length());
        }
        return s.append('e').append(exponent).toString();
    }

    /** The first of 15, 16 digits that reads back as {@code x}, else Java's own digits. */
    private static BigDecimal shorter(double x, BigDecimal javas) {
        for (int digits = 15; digits < javas.precision(); digits++) {
            BigDecimal d = new BigDecimal(x).round(new MathContext(digits, RoundingMode.HALF_EVEN));
            if (d.doubleValue() == x) {
                return d;
            }
        }
        return javas;
    }
}
