package dev.paje.read;

import java.nio.charset.StandardCharsets;

/**
 * Hand-written decimal parsing straight from the byte buffer. Correctly rounded: the fast path
 * (at most 15 significant digits, small exponent) is exact in double arithmetic; anything else
 * falls back to the JDK.
 */
final class Numbers {
    static final double[] POW10 = {
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
        int n = to - from;
        if (n > 0 && n <= 17 && from + 18 <= buf.length) { // the common case, small enough to inline
            int minus = buf[from] == '-' ? 1 : 0;
            double v = dotless(buf, from + minus, to);
            if (v >= 0) {
                return minus != 0 ? -v : v;
            }
        }
        return signed(buf, from, to);
    }

    /**
     * The common shapes in fewer steps than {@link #eightAndEight}: an integer of up to eight digits,
     * or up to seven digits, '.', digits, fifteen digits in all. The dot is squeezed out by taking the
     * bytes before it from the word at {@code i} and those after it from the word at {@code i + 1}, so
     * up to eight digits are one SWAR conversion (two beyond). The same integer over the same power of
     * ten as {@link #general}: the same double. -1 for anything else. Needs 17 readable bytes from {@code i}.
     */
    private static double dotless(byte[] buf, int i, int to) {
        int n = to - i;
        if (n <= 0 || n > 16) {
            return -1;
        }
        long a = (long) Swar.LONGS.get(buf, i);
        long dots = Swar.zeros(a ^ DOTS) & (n >= 8 ? -1L : (1L << (n << 3)) - 1);
        int d; // bytes before the dot: the integer digits
        int m; // digits
        if (dots != 0) {
            d = Long.numberOfTrailingZeros(dots) >>> 3;
            m = n - 1;
            if (d == 0 || m > 15) {
                return -1;
            }
        } else if (n <= 8) {
            d = n;
            m = n;
        } else {
            return -1; // more than eight integer digits, or a dot after eight
        }
        long low = -1L >>> (64 - (d << 3));
        long lo = (a & low) | ((long) Swar.LONGS.get(buf, i + 1) & ~low);
        long v;
        if (m <= 8) {
            v = digits(lo, m);
        } else {
            long high = digits(lo, 8);
            long rest = digits((long) Swar.LONGS.get(buf, i + 9), m - 8);
            v = (high | rest) < 0 ? -1 : high * LONG_POW10[m - 8] + rest;
        }
        if (v < 0) {
            return -1;
        }
        return (double) v / POW10[m - d];
    }

    /**
     * {@link #parse} of a field of at least one byte with 17 readable from {@code from} (a chunk's padding): the
     * common unsigned forms (up to eight digits, maybe with a '.' after the first) in fewer steps than parse, with no
     * test of the sign or the buffer's length; the same integer over the same power of ten (the same double).
     */
    static double field(byte[] buf, int from, int to) {
        int n = to - from;
        if (n <= 9) {
            long a = (long) Swar.LONGS.get(buf, from);
            long dots = Swar.zeros(a ^ DOTS) & (n >= 8 ? -1L : (1L << (n << 3)) - 1);
            int d = Long.numberOfTrailingZeros(dots) >>> 3; // digits before the dot; 8 when none
            int m = dots == 0 ? n : n - 1; // digits
            if (d != 0 && m <= 8) {
                long low = -1L >>> (64 - (d << 3));
                long v = digits((a & low) | ((long) Swar.LONGS.get(buf, from + 1) & ~low), m);
                if (v >= 0) {
                    return dots == 0 ? (double) v : (double) v / POW10[m - d];
                }
            }
        } else if (n <= 16) { // times from 100 s on (%d.%06d): the dot squeezed out, eight digits, then the rest
            long a = (long) Swar.LONGS.get(buf, from);
            long dots = Swar.zeros(a ^ DOTS);
            int d = Long.numberOfTrailingZeros(dots) >>> 3; // digits before the dot; 8 when none
            int m = n - 1; // digits (at most 15: n <= 16)
            if (d != 0 && d != 8) {
                long low = -1L >>> (64 - (d << 3));
                long high = digits((a & low) | ((long) Swar.LONGS.get(buf, from + 1) & ~low), 8);
                long rest = digits((long) Swar.LONGS.get(buf, from + 9), m - 8);
                if ((high | rest) >= 0) {
                    return (double) (high * LONG_POW10[m - 8] + rest) / POW10[m - d];
                }
            }
        }
        return parse(buf, from, to);
    }

    /**
     * {@link #field}'s common forms from the field's first sixteen bytes, already read as the words {@code a}
     * (bytes 0-7) and {@code b} (8-15), its length {@code n} (1 to 16): no load from the array. The same integer
     * over the same power of ten as {@code field} (the same double); -1 for any other form ({@code field} then).
     */
    static double words(long a, long b, int n) {
        long next = a >>> 8 | b << 56; // the word at byte 1: the bytes after a dot squeezed out come from it
        if (n <= 9) {
            long dots = Swar.zeros(a ^ DOTS) & (n >= 8 ? -1L : (1L << (n << 3)) - 1);
            int d = Long.numberOfTrailingZeros(dots) >>> 3; // digits before the dot; 8 when none
            int m = dots == 0 ? n : n - 1; // digits
            if (d != 0 && m <= 8) {
                long low = -1L >>> (64 - (d << 3));
                long v = digits((a & low) | (next & ~low), m);
                if (v >= 0) {
                    return dots == 0 ? (double) v : (double) v / POW10[m - d];
                }
            }
        } else { // 10 to 16 bytes: eight digits, then the rest (bytes 9 to 15: all in b)
            long dots = Swar.zeros(a ^ DOTS);
            int d = Long.numberOfTrailingZeros(dots) >>> 3;
            int m = n - 1;
            if (d != 0 && d != 8) {
                long low = -1L >>> (64 - (d << 3));
                long high = digits((a & low) | (next & ~low), 8);
                long rest = digits(b >>> 8, m - 8);
                if ((high | rest) >= 0) {
                    return (double) (high * LONG_POW10[m - 8] + rest) / POW10[m - d];
                }
            }
        }
        return -1;
    }

    /** {@link #parse} of any form: more digits, an exponent, a '+', not a number. */
    private static double signed(byte[] buf, int from, int to) {
        int i = from;
        if (i >= to || to - from > 17) {
            return general(buf, from, to);
        }
        byte first = buf[i];
        boolean negative = first == '-';
        if (negative || first == '+') {
            i++;
        }
        if (i + 17 <= buf.length) {
            double v = eightAndEight(buf, i, to);
            if (v >= 0) {
                return negative ? -v : v;
            }
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

    private static final long ZEROS = 0x3030303030303030L;
    static final long DOTS = 0x2E2E2E2E2E2E2E2EL;
    static final long[] LONG_POW10 = {1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000};

    /**
     * Digits, one '.', digits, at most eight on each side and fifteen in all, read eight bytes at a
     * time (no branch per digit: the dot's place is found in the word, each side is checked and
     * converted by SWAR); -1 for anything else, which the loop then reads. Needs 17 readable bytes
     * from {@code i}; the bytes after {@code to} are masked off.
     */
    private static double eightAndEight(byte[] buf, int i, int to) {
        int n = to - i;
        if (n <= 0) {
            return -1;
        }
        long w = (long) Swar.LONGS.get(buf, i);
        long dots = Swar.zeros(w ^ DOTS);
        int dot = Long.numberOfTrailingZeros(dots) >>> 3; // digits before the dot (8: none in the word)
        int fraction = 0;
        long part = 0;
        if (dots == 0 || dot >= n) { // no dot: an integer of up to eight digits
            if (n > 8) {
                return -1;
            }
            dot = n;
        } else {
            fraction = n - dot - 1;
            if (dot == 0 || fraction == 0 || fraction > 8 || dot + fraction > 15) {
                return -1;
            }
            part = digits((long) Swar.LONGS.get(buf, i + dot + 1), fraction);
        }
        long whole = digits(w, dot); // one call site for both shapes: a smaller method, inlined where it is hot
        if ((whole | part) < 0) {
            return -1;
        }
        return (double) (whole * LONG_POW10[fraction] + part) / POW10[fraction];
    }

    /**
     * The value of the first {@code k} bytes of {@code w} (1 to 8) as decimal digits, or -1 when one is not a digit.
     * The '0's' shift is two shifts, so that 64 (k = 8) gives none (one shift by 64 shifts by 0), without a test of
     * {@code k == 8}: the JIT had compiled that test for the numbers seen first, and a trace whose times reach 8
     * digits (10.000000) later recompiled the tokenizer's whole inlined line.
     */
    static long digits(long w, int k) {
        int pad = 8 - k; // leading '0's, so that the digits end the word
        long mask = -1L >>> (pad << 3);
        w = (w & mask) << (pad << 3) | ZEROS >>> (k << 2) >>> (k << 2);
        if (((w & 0xF0F0F0F0F0F0F0F0L) | (((w + 0x0606060606060606L) & 0xF0F0F0F0F0F0F0F0L) >>> 4))
                != 0x3333333333333333L) {
            return -1;
        }
        w -= ZEROS;
        w = (w * 10 + (w >>> 8)) & 0x00FF00FF00FF00FFL;
        w = (w * 100 + (w >>> 16)) & 0x0000FFFF0000FFFFL;
        return (w * 10000 + (w >>> 32)) & 0xFFFFFFFFL;
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
