package dev.paje.dump;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * printf-compatible number formatting without {@code String.format}: {@code %.Nf} and C++'s
 * default stream format ({@code %g}, 6 significant digits). Results equal glibc's, which rounds
 * the exact binary value; the fast path is taken only where it provably agrees.
 */
public final class CFormat {
    private static final double[] POW10D = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15
    };

    private CFormat() {
    }

    /** Appends {@code x} as C's {@code %.<precision>f}. */
    public static void fixed(ByteSink out, double x, int precision) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            out.append(Double.isNaN(x) ? "nan" : x > 0 ? "inf" : "-inf");
            return;
        }
        boolean negative = x < 0 || (x == 0 && 1 / x < 0);
        double a = Math.abs(x);
        if (precision <= 15) {
            // Exact rounding without BigDecimal: s + err is exactly a * 10^p (fma gives the
            // product's rounding error), and the sign of (s - floor(s) - 0.5) + err says which
            // way the exact value rounds; an exact tie goes to even, as glibc does.
            double p = POW10D[precision];
            double s = a * p;
            if (s < 9.0e15) {
                double err = Math.fma(a, p, -s);
                long scaled = (long) s; // the floor of a non-negative s (Math.floor was not an intrinsic here)
                double d = (s - scaled - 0.5) + err;
                if (d > 0 || (d == 0 && (scaled & 1) == 1)) {
                    scaled++;
                }
                if (negative) {
                    out.append('-');
                }
                out.fixed(scaled, precision);
                return;
            }
        }
        BigDecimal d = new BigDecimal(a).setScale(precision, RoundingMode.HALF_EVEN);
        if (negative) {
            out.append('-');
        }
        out.append(d.toPlainString());
    }

    /** {@code x} as C's {@code %.<precision>f}. */
    public static String fixed(double x, int precision) {
        ByteSink sink = new ByteSink(24);
        fixed(sink, x, precision);
        return sink.toString();
    }

    /** Appends {@code x} as C++ streams print a double by default ({@code %g}, 6 significant digits). */
    public static void general(ByteSink out, double x) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            out.append(Double.isNaN(x) ? "nan" : x > 0 ? "inf" : "-inf");
            return;
        }
        if (x == 0) {
            out.append(1 / x < 0 ? "-0" : "0");
            return;
        }
        BigDecimal d = new BigDecimal(x).round(new MathContext(6, RoundingMode.HALF_EVEN));
        int exponent = d.precision() - d.scale() - 1;
        if (exponent < -4 || exponent >= 6) {
            BigDecimal mantissa = d.movePointLeft(exponent).stripTrailingZeros();
            out.append(mantissa.toPlainString()).append('e').append(exponent < 0 ? '-' : '+');
            int e = Math.abs(exponent);
            if (e < 10) {
                out.append('0');
            }
            out.append(e);
        } else {
            out.append(d.stripTrailingZeros().toPlainString());
        }
    }

    public static String general(double x) {
        ByteSink sink = new ByteSink(16);
        general(sink, x);
        return sink.toString();
    }
}
