package dev.paje.read;

import java.nio.charset.StandardCharsets;

/**
 * Hand-written decimal parsing straight from the byte buffer. Correctly rounded: the fast path
 * (at most 15 significant digits, small exponent) is exact in double arithmetic; anything else
 * falls back to the JDK.
 */
final class Numbers {
    private static final double[] POW10 = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
    };

    private Numbers() {
    }

    /**
     * Returns the value of {@code buf[from, to)}, or NaN when it is not a decimal number.
     *
     * <p>The common form, an optional sign then at most 15 digits with at most one '.', is read in
     * one loop without a branch per kind of digit: the value is then the digits as an integer (less
     * than 10^15, exact in a double) divided by the exact power of ten of the fraction digits, as
     * {@link #general} computes it, so the result is the same double. Anything else (exponent,
     * more digits, not a number) goes to {@link #general}.
     */
    static double parse(byte[] buf, int from, int to) {
        int i = from;
        if (i >= to || to - from > 17) {
            return general(buf, from, to);
        }
        byte first = buf[i];
        boolean negative = first == '-';
        if (negative || first == '+') {
            i++;
        }
        int digitsFrom = i;
        long mantissa = 0;
        int dot = -1;
        for (; i < to; i++) {
            int d = buf[i] - '0';
            if (d >= 0 && d <= 9) {
                mantissa = mantissa * 10 + d;
            } else if (d == '.' - '0' && dot < 0) {
                dot = i;
            } else {
                return general(buf, from, to);
            }
        }
        int digits = to - digitsFrom - (dot < 0 ? 0 : 1);
        if (digits == 0 || digits > 15) {
            return general(buf, from, to);
        }
        double value = mantissa;
        value = dot < 0 ? value * POW10[0] : value / POW10[to - dot - 1];
        return negative ? -value : value;
    }

    /** The reference parser: every form, correctly rounded (the JDK's for long or extreme numbers). */
    static double general(byte[] buf, int from, int to) {
        int i = from;
        if (i >= to) {
            return Double.NaN;
        }
        boolean negative = false;
        if (buf[i] == '-' || buf[i] == '+') {
            negative = buf[i] == '-';
            i++;
        }
        long mantissa = 0;
        int digits = 0;
        int scale = 0;
        boolean any = false;
        while (i < to && buf[i] >= '0' && buf[i] <= '9') {
            any = true;
            if (mantissa != 0 || buf[i] != '0') {
                if (digits < 18) {
                    mantissa = mantissa * 10 + (buf[i] - '0');
                } else {
                    scale++;
                }
                digits++;
            }
            i++;
        }
        if (i < to && buf[i] == '.') {
            i++;
            while (i < to && buf[i] >= '0' && buf[i] <= '9') {
                any = true;
                if (mantissa != 0 || buf[i] != '0') {
                    if (digits < 18) {
                        mantissa = mantissa * 10 + (buf[i] - '0');
                        scale--;
                    }
                    digits++;
                } else {
                    scale--;
                }
                i++;
            }
        }
        if (!any) {
            return Double.NaN;
        }
        if (i < to && (buf[i] == 'e' || buf[i] == 'E')) {
            i++;
            boolean expNegative = false;
            if (i < to && (buf[i] == '-' || buf[i] == '+')) {
                expNegative = buf[i] == '-';
                i++;
            }
            if (i >= to) {
                return Double.NaN;
            }
            int exp = 0;
            while (i < to && buf[i] >= '0' && buf[i] <= '9') {
                if (exp < 100_000) {
                    exp = exp * 10 + (buf[i] - '0');
                }
                i++;
            }
            scale += expNegative ? -exp : exp;
        }
        if (i != to) {
            return Double.NaN;
        }
        double value;
        if (digits <= 15 && scale >= -22 && scale <= 22) {
            value = mantissa;
            value = scale < 0 ? value / POW10[-scale] : value * POW10[scale];
        } else {
            // the text without its sign: the sign is applied below, once
            int digitsFrom = buf[from] == '-' || buf[from] == '+' ? from + 1 : from;
            value = Double.parseDouble(new String(buf, digitsFrom, to - digitsFrom, StandardCharsets.US_ASCII));
        }
        return negative ? -value : value;
    }
}
