package dev.paje.cli;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/** Numbers as people read them in {@code paje stats}' table: durations with a unit, shares in %. */
final class Quantities {
    private Quantities() {
    }

    /** A duration in seconds with the unit that keeps it readable: "4.000 s", "300.000 ms", "2.500 us". */
    static String duration(double s) {
        if (Double.isNaN(s)) {
            return "-";
        }
        int k = scale(s);
        return String.format(Locale.ROOT, "%.3f %s", s * Math.pow(10, k), UNITS[k / 3]);
    }

    /**
     * A duration with twelve significant digits, no trailing zeros, in the unit {@link #duration} picks:
     * "-500 ms", "1.25 s" (clock offsets must stay exact enough to tell clocks apart).
     */
    static String exactDuration(double s) {
        if (Double.isNaN(s) || Double.isInfinite(s)) {
            return Double.isNaN(s) ? "-" : (s > 0 ? "inf" : "-inf") + " s";
        }
        int k = scale(s);
        BigDecimal v = new BigDecimal(s).scaleByPowerOfTen(k).round(new MathContext(12)).stripTrailingZeros();
        return (s == 0 ? "0" : v.toPlainString()) + " " + UNITS[k / 3];
    }

    private static final String[] UNITS = {"s", "ms", "us", "ns"};

    /** The power of ten (0, 3, 6 or 9) that brings {@code s} seconds to its readable unit. */
    private static int scale(double s) {
        double a = Math.abs(s);
        if (a == 0 || a >= 1 || Double.isInfinite(a)) {
            return 0;
        } else if (a >= 1e-3) {
            return 3;
        }
        return a >= 1e-6 ? 6 : 9;
    }

    /** A share in [0, 1] as a percentage ("<0.01%" rather than a misleading 0); "-" when undefined. */
    static String percent(double share) {
        if (Double.isNaN(share)) {
            return "-";
        }
        return share > 0 && share < 0.00005 ? "<0.01%" : String.format(Locale.ROOT, "%.2f%%", share * 100);
    }

    /** A value with up to six significant digits, plain when not too large or small. */
    static String number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.isNaN(v) ? "-" : v > 0 ? "inf" : "-inf";
        }
        double a = Math.abs(v);
        if (a != 0 && (a < 1e-4 || a >= 1e12)) {
            return String.format(Locale.ROOT, "%.5e", v);
        }
        return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }
}
