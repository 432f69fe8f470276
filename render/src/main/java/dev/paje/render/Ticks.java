package dev.paje.render;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The viewer's ruler ticks (static/util.js {@code ticks}): a 1-2-5 step at least {@code minPx}
 * apart, labelled in the unit that suits the step (s, ms, µs, ns); relative to a base time when
 * absolute labels would need too many digits.
 *
 * @param step seconds between labelled ticks
 * @param minor seconds between minor ticks
 * @param relative whether labels count from {@code base} ("+2 µs")
 * @param base the time relative labels count from
 * @param unitName the unit of the labels
 * @param ticks labelled ticks, left to right
 */
record Ticks(double step, double minor, boolean relative, double base, String unitName, List<Tick> ticks) {
    record Tick(double time, String label) {
    }

    private static final String[] UNITS = {"s", "ms", "µs", "ns"};
    private static final double[] FACTORS = {1, 1e-3, 1e-6, 1e-9};

    static Ticks of(double start, double end, double px, double minPx) {
        double span = end - start;
        if (!(span > 0) || !(px > 0)) {
            return new Ticks(0, 0, false, 0, "s", List.of());
        }
        double raw = span * minPx / px;
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = mag * 10;
        int minorDiv = 5;
        int[][] choices = {{1, 5}, {2, 4}, {5, 5}};
        for (int[] c : choices) {
            if (c[0] * mag >= raw) {
                step = c[0] * mag;
                minorDiv = c[1];
                break;
            }
        }
        int unit = UNITS.length - 1;
        for (int u = 0; u < UNITS.length; u++) {
            if (step / FACTORS[u] >= 0.0999999) {
                unit = u;
                break;
            }
        }
        double f = FACTORS[unit];
        int decimals = (int) Math.max(0, -Math.floor(Math.log10(step / f) + 1e-9));
        double maxAbs = Math.max(Math.abs(start), Math.abs(end));
        boolean relative = maxAbs / f >= 1e5 && maxAbs / step > 1e4;
        long first = (long) Math.floor(start / step);
        double base = relative ? first * step : 0;
        List<Tick> out = new ArrayList<>();
        for (long k = first; k * step <= end + step * 1e-9 && out.size() < 1000; k++) {
            double t = k * step;
            if (t < start - step * 1e-9) {
                continue;
            }
            double v = relative ? (k - first) * step : t;
            String label = fixed(v / f, decimals);
            if (label.matches("-0(\\.0*)?")) {
                label = label.substring(1);
            }
            out.add(new Tick(t, (relative ? "+" : "") + label + " " + UNITS[unit]));
        }
        return new Ticks(step, step / minorDiv, relative, base, UNITS[unit], out);
    }

    /** {@code x} with {@code decimals} digits after the point, rounded half up as JavaScript's toFixed mostly does. */
    static String fixed(double x, int decimals) {
        return new BigDecimal(x).setScale(decimals, java.math.RoundingMode.HALF_UP).toPlainString();
    }

    /** A duration with a readable unit and four significant digits: "300 ms", "1.25 µs". */
    static String duration(double d) {
        if (!Double.isFinite(d)) {
            return String.valueOf(d);
        }
        double a = Math.abs(d);
        if (a == 0) {
            return "0 s";
        }
        int u = UNITS.length - 1;
        for (int i = 0; i < UNITS.length; i++) {
            if (a >= FACTORS[i] * 0.9999999) {
                u = i;
                break;
            }
        }
        return trim(new BigDecimal(d / FACTORS[u]).round(new java.math.MathContext(4)).toPlainString()) + " " + UNITS[u];
    }

    /** A point in time in seconds, with as many decimals as the resolution {@code res} needs. */
    static String time(double t, double res) {
        int digits = res > 0 ? (int) Math.ceil(-Math.log10(res)) : 6;
        digits = Math.max(0, Math.min(12, digits));
        return trim(fixed(t, digits)) + " s";
    }

    private static String trim(String s) {
        if (s.indexOf('.') < 0) {
            return s;
        }
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
