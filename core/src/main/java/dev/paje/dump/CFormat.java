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
    private static final long[] POW10 = {
        1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L
    };

    private CFormat() {
    }

    /** Appends {@code x} as C's {@code %.<precision>f}. */
    public static void fixed(StringBuilder out, double x, int precision) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            out.append(Double.isNaN(x) ? "nan" : x > 0 ? "inf" : "-inf");
            return;
        }
        boolean negative = x < 0 || (x == 0 && 1 / x < 0);
        double a = Math.abs(x);
        if (precision <= 9) {
            double s = a * POW10[precision];
            if (s < 1e9) {
                double floor = Math.floor(s);
                double frac = s - floor;
                if (Math.abs(frac - 0.5) > 1e-6) {
                    long scaled = (long) floor + (frac > 0.5 ? 1 : 0);
                    if (negative) {
                        out.append('-');
                    }
                    long unit = POW10[precision];
                    out.append(scaled / unit);
                    if (precision > 0) {
                        out.append('.');
                        long f = scaled % unit;
                        for (long p = unit / 10; p > f && p > 1; p /= 10) {
                            out.append('0');
                        }
                        out.append(f);
                    }
                    return;
                }
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
        StringBuilder sb = new StringBuilder(24);
        fixed(sb, x, precision);
        return sb.toString();
    }

    /** Appends {@code x} as C++ streams print a double by default ({@code %g}, 6 significant digits). */
    public static void general(StringBuilder out, double x) {
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
        StringBuilder sb = new StringBuilder(16);
        general(sb, x);
        return sb.toString();
    }
}
