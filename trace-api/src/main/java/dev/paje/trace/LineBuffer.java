package dev.paje.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * The trace's bytes waiting to be written: Pajé lines encoded straight into one byte array, without
 * allocating (numbers by hand, names pre-encoded). Full enough, it is written to the stream. Not
 * thread-safe: the {@link Tracer} calls it under its lock.
 */
final class LineBuffer {
    /** Written out once this close to full, so a typical line never has to check for room twice. */
    private static final int SLACK = 4096;
    /** "00", "01", ... "99": two digits per division. */
    private static final byte[] PAIRS = new byte[200];
    /** Exact powers of ten 10^0..10^22 and the nearest doubles beyond: scale factors for {@link #number}. */
    private static final double[] POW10 = new double[309];
    private static final long[] LONG_POW10 = new long[19];

    static {
        for (int i = 0; i < 100; i++) {
            PAIRS[2 * i] = (byte) ('0' + i / 10);
            PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
        for (int i = 0; i < POW10.length; i++) {
            POW10[i] = Double.parseDouble("1e" + i);
        }
        LONG_POW10[0] = 1;
        for (int i = 1; i < LONG_POW10.length; i++) {
            LONG_POW10[i] = LONG_POW10[i - 1] * 10;
        }
    }

    private final BackgroundWriter writer;
    private byte[] buf;
    private int pos;
    private final byte[] digits = new byte[20];

    /** A buffer of {@code capacity} bytes (two, taking turns) written to {@code out} on a thread named after {@code name}. */
    LineBuffer(OutputStream out, int capacity, String name) {
        int size = Math.max(capacity, 2 * SLACK);
        this.writer = new BackgroundWriter(out, size, name);
        this.buf = new byte[size];
    }

    LineBuffer bytes(byte[] b) {
        room(b.length);
        System.arraycopy(b, 0, buf, pos, b.length);
        pos += b.length;
        return this;
    }

    LineBuffer space() {
        room(1);
        buf[pos++] = ' ';
        return this;
    }

    /** A space then {@code b}, a pre-encoded token. */
    LineBuffer token(byte[] b) {
        return space().bytes(b);
    }
    /** Ends the line; writes the buffer out when it is nearly full. */
    void newline() {
        room(1);
        buf[pos++] = '\n';
        if (pos > buf.length - SLACK) {
            drain();
        }
    }

    /** A space then a time in nanoseconds as seconds: at most 9 decimals, no trailing zeros. */
    LineBuffer time(long nanos) {
        room(32);
        buf[pos++] = ' ';
        if (nanos < 0) {
            buf[pos++] = '-';
            nanos = -nanos; // Long.MIN_VALUE ns is 292 years before the origin: not a trace time
        }
        digits(nanos / 1_000_000_000L);
        fraction(nanos % 1_000_000_000L, 9);
        return this;
    }

    /** A space then {@code n} in decimal. */
    LineBuffer integer(long n) {
        room(22);
        buf[pos++] = ' ';
        if (n < 0) {
            if (n == Long.MIN_VALUE) {
                return ascii("-9223372036854775808");
            }
            buf[pos++] = '-';
            n = -n;
        }
        digits(n);
        return this;
    }

    /**
     * A space then {@code x}: exactly when it is an integer below 2^53, else rounded to 15 significant
     * digits (within one unit of the last: the scaling by a power of ten rounds too; a number of at most
     * 15 significant digits reads back as the same double), plain or
     * with an exponent beyond [1e-5, 1e15). Finite numbers only. Magnitudes beyond 1e±280 take
     * {@link Double#toString}, which allocates.
     */
    LineBuffer number(double x) {
        room(32);
        buf[pos++] = ' ';
        if (x < 0) {
            buf[pos++] = '-';
            x = -x;
        }
        if (x < 0x1p53 && x == (long) x) {
            digits((long) x); // exact: every integer below 2^53 is a double
            return this;
        }
        int binary = Math.getExponent(x);
        if (binary > 930 || binary < -930) { // beyond 1e±280
            return ascii(Double.toString(x));
        }
        int exp = (int) Math.floor(binary * 0.30102999566398120); // floor(log10 x), or one less: corrected below
        long m = scaled(x, 14 - exp);
        if (m >= LONG_POW10[15]) { // log10 rounded up to the next power, or rounding carried
            exp++;
            m = scaled(x, 14 - exp);
        } else if (m < LONG_POW10[14]) {
            exp--;
            m = scaled(x, 14 - exp);
        }
        int sig = 15;
        while (m % 10 == 0) {
            m /= 10;
            sig--;
        }
        if (exp >= 15 || exp < -5) {
            fraction(m, sig, 1); // d.ddd
            buf[pos++] = 'e';
            if (exp < 0) {
                buf[pos++] = '-';
                exp = -exp;
            }
            digits(exp);
        } else if (exp >= 0) {
            fraction(m, sig, exp + 1);
        } else {
            buf[pos++] = '0';
            buf[pos++] = '.';
            for (int i = -1; i > exp; i--) {
                buf[pos++] = '0';
            }
            digits(m);
        }
        return this;
    }

    /** round(x · 10^k), k within ±300. */
    private static long scaled(double x, int k) {
        return Math.round(k >= 0 ? x * POW10[k] : x / POW10[-k]);
    }

    /**
     * The {@code sig} digits of {@code m} with a point after the first {@code whole} ones (zeros padded
     * when {@code m} has fewer digits than {@code whole}); no point when nothing follows it.
     */
    private void fraction(long m, int sig, int whole) {
        int n = fill(m);
        for (int i = 0; i < whole; i++) {
            buf[pos++] = i < n ? digits[digits.length - n + i] : (byte) '0';
        }
        if (sig > whole) {
            buf[pos++] = '.';
            for (int i = whole; i < n; i++) {
                buf[pos++] = digits[digits.length - n + i];
            }
        }
    }

    /** '.' and the {@code width} digits of {@code frac} (zero-padded), trailing zeros dropped; nothing for 0. */
    private void fraction(long frac, int width) {
        if (frac == 0) {
            return;
        }
        while (frac % 10 == 0) {
            frac /= 10;
            width--;
        }
        buf[pos++] = '.';
        int n = fill(frac);
        for (int i = n; i < width; i++) {
            buf[pos++] = '0';
        }
        System.arraycopy(digits, digits.length - n, buf, pos, n);
        pos += n;
    }

    private void digits(long n) {
        int k = fill(n);
        System.arraycopy(digits, digits.length - k, buf, pos, k);
        pos += k;
    }

    /** Writes non-negative {@code n}'s digits at the end of {@link #digits}; returns how many. */
    private int fill(long n) {
        int i = digits.length;
        while (n >= 100) {
            long q = n / 100;
            int r = (int) (n - q * 100);
            digits[--i] = PAIRS[2 * r + 1];
            digits[--i] = PAIRS[2 * r];
            n = q;
        }
        if (n >= 10) {
            digits[--i] = PAIRS[2 * (int) n + 1];
            digits[--i] = PAIRS[2 * (int) n];
        } else {
            digits[--i] = (byte) ('0' + n);
        }
        return digits.length - i;
    }

    private LineBuffer ascii(String s) {
        room(s.length());
        for (int i = 0; i < s.length(); i++) {
            buf[pos++] = (byte) s.charAt(i);
        }
        return this;
    }

    /**
     * A space then {@code s} as one Pajé token in UTF-8, always quoted: a double quote becomes a single
     * one and control characters (line breaks, tabs) become spaces, since a token cannot hold them.
     */
    LineBuffer text(CharSequence s) {
        int n = s.length();
        room(3 * n + 3);
        buf[pos++] = ' ';
        buf[pos++] = '"';
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                buf[pos++] = c == '"' ? (byte) '\'' : c < ' ' || c == 0x7f ? (byte) ' ' : (byte) c;
            } else if (c < 0x800) {
                buf[pos++] = (byte) (0xc0 | c >> 6);
                buf[pos++] = (byte) (0x80 | c & 0x3f);
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i)); // 4 bytes for 2 chars: within the room taken
                buf[pos++] = (byte) (0xf0 | cp >> 18);
                buf[pos++] = (byte) (0x80 | cp >> 12 & 0x3f);
                buf[pos++] = (byte) (0x80 | cp >> 6 & 0x3f);
                buf[pos++] = (byte) (0x80 | cp & 0x3f);
            } else if (Character.isSurrogate(c)) {
                buf[pos++] = '?'; // a lone surrogate has no UTF-8 form
            } else {
                buf[pos++] = (byte) (0xe0 | c >> 12);
                buf[pos++] = (byte) (0x80 | c >> 6 & 0x3f);
                buf[pos++] = (byte) (0x80 | c & 0x3f);
            }
        }
        buf[pos++] = '"';
        return this;
    }

    /** Writes everything buffered and flushes the stream; throws the first write error. */
    void flush() throws IOException {
        writer.flush(buf, pos);
        pos = 0;
    }

    /** Writes everything buffered and closes the stream; throws the first write error. */
    void close() throws IOException {
        writer.close(buf, pos);
        pos = 0;
    }

    private void room(int n) {
        if (pos + n > buf.length) {
            drain();
            if (n > buf.length) {
                buf = Arrays.copyOf(buf, 2 * n); // a token longer than the whole buffer
            }
        }
    }

    /** Hands the full buffer to the writer thread and goes on in the other one. */
    private void drain() {
        buf = writer.swap(buf, pos);
        pos = 0;
    }
}
