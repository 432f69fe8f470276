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
        String quick = fewDecimals(x);
        if (quick != null) {
            return quick;
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

    /**
     * The fast path for magnitudes in [1e-6, 1e6) with at most 9 decimals (trace times and most values):
     * m = round(x * 10^9) when m / 10^9 is x, without m's trailing zeros. That division is correctly rounded,
     * as parsing the decimal is, so the decimal reads back as x; below 1e6 the doubles are closer than 1e-9,
     * so no other decimal of at most 9 decimals does: with its trailing zeros dropped it is the shortest.
     * Null when the path does not apply.
     */
    private static String fewDecimals(double x) {
        double a = Math.abs(x);
        if (!(a >= 1e-6 && a < 1e6)) {
            return null;
        }
        long m = Math.round(a * 1e9);
        if (m / 1e9 != a) {
            return null;
        }
        int d = 9;
        while (d > 0 && m % 10 == 0) {
            m /= 10;
            d--;
        }
        return decimal(x < 0, m, d);
    }

    private static String decimal(boolean negative, long m, int decimals) {
        String digits = Long.toString(m);
        StringBuilder s = new StringBuilder(digits.length() + decimals + 3);
        if (negative) {
            s.append('-');
        }
        if (decimals == 0) {
            return s.append(digits).toString();
        }
        int whole = digits.length() - decimals;
        if (whole <= 0) {
            s.append("0.");
            for (int i = whole; i < 0; i++) {
                s.append('0');
            }
            s.append(digits);
        } else {
            s.append(digits, 0, whole).append('.').append(digits, whole, digits.length());
        }
        return s.toString();
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
