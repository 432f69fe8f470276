package dev.paje.format;

import java.math.BigInteger;

/**
 * The shortest decimal that reads back to a given double, by R. Giulietti's Schubfach method
 * ("The Schubfach way to render doubles", 2020): scale the double and both ends of its rounding
 * interval by one 126-bit power of ten, then pick, among the decimals one digit shorter or of the
 * scaled length, the one inside the interval (the closest, ties to even). Integer arithmetic only,
 * no allocation: Java 17's {@code Double.toString} allocates and is sometimes a digit too long.
 *
 * <p>{@link #write} prints in the notation of {@link Shortest}: plain for leading-digit exponents
 * in [-6, 21), else {@code d.ddde-x}.
 */
public final class Schubfach {
    private static final int Q_MIN = -1074; // exponent of the subnormals' unit
    private static final long C_MIN = 1L << 52; // hidden bit
    private static final int C_TINY = 3; // below it a subnormal significand is too short: scale by 10
    private static final int K_MIN = -324;
    private static final int K_MAX = 292;
    private static final long MASK_63 = (1L << 63) - 1;

    /** 10^-k as g1 * 2^63 + g0 times 2^r, 2^125 <= g < 2^126, rounded up: two longs per k. */
    private static final long[] G = powersOfTen();

    /** Longest output: sign, "0.000000", 17 digits; or sign, 17 digits, point, "e-324". */
    public static final int MAX_CHARS = 32;

    private Schubfach() {
    }

    /** floor(q log10 2), exact for |q| <= 5456721. */
    static int flog10pow2(int q) {
        return (int) (q * 661_971_961_083L >> 41);
    }

    /** floor(log10(3/4 2^q)), exact for |q| <= 5456721. */
    static int flog10threeQuartersPow2(int q) {
        return (int) (q * 661_971_961_083L - 274_743_187_321L >> 41);
    }

    /** floor(e log2 10), exact for |e| <= 1838394. */
    static int flog2pow10(int e) {
        return (int) (e * 913_124_641_741L >> 38);
    }

    /**
     * Writes finite {@code v} into {@code out} from {@code at}, at most {@link #MAX_CHARS} bytes,
     * and returns the index after the last byte. Not-finite values are the caller's business.
     */
    public static int write(double v, byte[] out, int at) {
        long bits = Double.doubleToRawLongBits(v);
        if (bits < 0) {
            out[at++] = '-';
        }
        long t = bits & (C_MIN - 1);
        int bq = (int) (bits >>> 52) & 0x7ff;
        if (bq != 0) {
            int mq = -Q_MIN + 1 - bq;
            long c = C_MIN | t;
            if (mq > 0 && mq < 53) { // an integer below 2^53: its own digits are the shortest
                long f = c >> mq;
                if (f << mq == c) {
                    return digits(f, 0, out, at);
                }
            }
            return decimal(-mq, c, 0, out, at);
        }
        if (t == 0) {
            out[at] = '0';
            return at + 1;
        }
        return t < C_TINY ? decimal(Q_MIN, 10 * t, -1, out, at) : decimal(Q_MIN, t, 0, out, at);
    }

    /** The shortest decimal in the rounding interval of c 2^q, written as digits. */
    private static int decimal(int q, long c, int dk, byte[] out, int at) {
        int odd = (int) c & 1; // round half even: an odd significand's interval excludes its ends
        long cb = c << 2;
        long cbr = cb + 2;
        long cbl;
        int k;
        if (c != C_MIN || q == Q_MIN) {
            cbl = cb - 2;
            k = flog10pow2(q);
        } else { // at a power of two the lower neighbour is twice as close
            cbl = cb - 1;
            k = flog10threeQuartersPow2(q);
        }
        int h = q + flog2pow10(-k) + 2;
        int index = (k - K_MIN) << 1;
        long g1 = G[index];
        long g0 = G[index + 1];
        long vb = roundToOdd(g1, g0, cb << h);
        long vbl = roundToOdd(g1, g0, cbl << h);
        long vbr = roundToOdd(g1, g0, cbr << h);
        long s = vb >> 2;
        if (s >= 10) { // one digit shorter: at most one multiple of ten fits in the interval
            long sp10 = s / 10 * 10;
            long tp10 = sp10 + 10;
            boolean upin = vbl + odd <= sp10 << 2;
            boolean wpin = (tp10 << 2) + odd <= vbr;
            if (upin != wpin) {
                return digits(upin ? sp10 : tp10, k + dk, out, at);
            }
        }
        long tt = s + 1;
        boolean uin = vbl + odd <= s << 2;
        boolean win = (tt << 2) + odd <= vbr;
        if (uin != win) {
            return digits(uin ? s : tt, k + dk, out, at);
        }
        long cmp = vb - (s + tt << 1); // both fit: the closer, ties to even
        return digits(cmp < 0 || cmp == 0 && (s & 1) == 0 ? s : tt, k + dk, out, at);
    }

    /** g cp / 2^127 rounded to odd, g = g1 2^63 + g0 (all operands below 2^63). */
    private static long roundToOdd(long g1, long g0, long cp) {
        long x1 = Math.multiplyHigh(g0, cp);
        long y0 = g1 * cp;
        long y1 = Math.multiplyHigh(g1, cp);
        long z = (y0 >>> 1) + x1;
        long vbp = y1 + (z >>> 63);
        return vbp | (z & MASK_63) + MASK_63 >>> 63;
    }

    /** f 10^e (f > 0) in Shortest's notation. */
    private static int digits(long f, int e, byte[] out, int at) {
        while (f % 10 == 0) {
            f /= 10;
            e++;
        }
        int len = length(f);
        int exponent = e + len - 1; // of the leading digit
        if (exponent >= 21 || exponent < -6) {
            out[at] = (byte) ('0' + f / pow10(len - 1));
            at++;
            if (len > 1) {
                out[at++] = '.';
                at = put(f % pow10(len - 1), len - 1, out, at);
            }
            out[at++] = 'e';
            if (exponent < 0) {
                out[at++] = '-';
                exponent = -exponent;
            }
            return put(exponent, length(exponent), out, at);
        }
        if (e >= 0) { // an integer
            at = put(f, len, out, at);
            for (int i = 0; i < e; i++) {
                out[at++] = '0';
            }
            return at;
        }
        if (exponent >= 0) { // point inside the digits
            long unit = pow10(-e);
            at = put(f / unit, exponent + 1, out, at);
            out[at++] = '.';
            return put(f % unit, -e, out, at);
        }
        out[at++] = '0';
        out[at++] = '.';
        for (int i = -1; i > exponent; i--) {
            out[at++] = '0';
        }
        return put(f, len, out, at);
    }

    /** The {@code len} last digits of x, zero-padded on the left. */
    private static int put(long x, int len, byte[] out, int at) {
        for (int i = at + len - 1; i >= at; i--) {
            out[i] = (byte) ('0' + x % 10);
            x /= 10;
        }
        return at + len;
    }

    private static int length(long x) {
        int len = 1;
        for (long p = 10; len < 19 && p <= x; p *= 10) {
            len++;
        }
        return len;
    }

    private static long pow10(int n) {
        long p = 1;
        for (int i = 0; i < n; i++) {
            p *= 10;
        }
        return p;
    }

    /** For each k in [K_MIN, K_MAX]: floor(10^-k 2^-r) + 1 with r = flog2pow10(-k) - 125. */
    private static long[] powersOfTen() {
        long[] g = new long[(K_MAX - K_MIN + 1) * 2];
        BigInteger ten = BigInteger.TEN;
        for (int k = K_MIN; k <= K_MAX; k++) {
            int e = -k;
            int r = flog2pow10(e) - 125;
            BigInteger num = ten.pow(Math.max(e, 0)).shiftLeft(Math.max(-r, 0));
            BigInteger den = ten.pow(Math.max(-e, 0)).shiftLeft(Math.max(r, 0));
            BigInteger value = num.divide(den).add(BigInteger.ONE);
            int i = (k - K_MIN) << 1;
            g[i] = value.shiftRight(63).longValueExact();
            g[i + 1] = value.longValue() & MASK_63;
        }
        return g;
    }
}
