package dev.paje.dump;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable byte buffer that text is formatted into: no String, no encoder on the hot path. */
public final class ByteSink {
    private byte[] buf;
    private int size;

    public ByteSink(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    public ByteSink append(byte[] bytes) {
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buf, size, bytes.length);
        size += bytes.length;
        return this;
    }

    public ByteSink append(char ascii) {
        ensure(1);
        buf[size++] = (byte) ascii;
        return this;
    }

    public ByteSink append(String s) {
        return append(s.getBytes(StandardCharsets.UTF_8));
    }

    private static final byte[] PAIRS = new byte[200];

    static {
        for (int i = 0; i < 100; i++) {
            PAIRS[2 * i] = (byte) ('0' + i / 10);
            PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    /** Appends a long in decimal. */
    public ByteSink append(long v) {
        return v < 0 ? append('-').fixed(-v, 0) : fixed(v, 0);
    }

    /**
     * Appends {@code scaled / 10^decimals} with exactly {@code decimals} digits after the point
     * (and at least one before it).
     */
    public ByteSink fixed(long scaled, int decimals) {
        if (scaled >= 0 && decimals <= 9) {
            long q = scaled / POW10[decimals];
            if (q < 100_000_000L) {
                return fixedShort((int) q, (int) (scaled - q * POW10[decimals]), decimals);
            }
        }
        return fixedLong(scaled, decimals);
    }

    private static final long[] POW10 = {
        1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L
    };
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * An integer part below 10^8 and a fraction below 10^decimals (decimals at most 9): eight digits at a time
     * in a long, written whole past the end and then counted (the buffer keeps 16 bytes of room for that).
     */
    private ByteSink fixedShort(int integer, int fraction, int decimals) {
        ensure(8 + 1 + 9 + 16);
        int digits = digits(integer); // no branch on the integer's size: C2 compiled one as never taken until a trace's
        LONGS.set(buf, size, eightDigits(integer) >>> ((8 - digits) << 3)); // times reached 10 s (a recompilation)
        int pos = size + digits;
        if (decimals > 0) {
            buf[pos++] = '.';
            if (decimals <= 8) {
                LONGS.set(buf, pos, eightDigits(fraction * (int) POW10[8 - decimals])); // its digits, then zeros not kept
            } else {
                int first = fraction / 100_000_000;
                buf[pos] = (byte) ('0' + first);
                LONGS.set(buf, pos + 1, eightDigits(fraction - first * 100_000_000));
            }
            pos += decimals;
        }
        size = pos;
        return this;
    }

    /** The decimal digits of {@code v} (below 10^8) as eight ASCII bytes, the first digit in the lowest byte. */
    static long eightDigits(int v) {
        long hi = v / 10_000;
        long x = hi | ((v - hi * 10_000) << 32); // two lanes of four digits
        long hundreds = ((x * 10486) >>> 20) & 0x0000_007F_0000_007FL; // each lane / 100 (exact below 10^4)
        x = hundreds | ((x - hundreds * 100) << 16); // four lanes of two digits
        long tens = ((x * 103) >>> 10) & 0x000F_000F_000F_000FL; // each lane / 10 (exact below 100)
        x = tens | ((x - tens * 10) << 8); // eight lanes of one digit
        return x + 0x3030_3030_3030_3030L;
    }

    /** Digits of {@code v} in decimal (at least 1), for 0 <= v < 10^8. */
    private static int digits(int v) {
        int w = v | 1; // 0 has one digit; w crosses no power of ten v does not
        int guess = ((32 - Integer.numberOfLeadingZeros(w)) * 1233) >>> 12; // log10 from log2, may be one low
        return guess + (int) ((POW10[guess] - 1 - w) >>> 63); // + 1 when w >= 10^guess, without a branch

    }

    /** Any non-negative {@code scaled}: two digits at a time. */
    private ByteSink fixedLong(long scaled, int decimals) {
        int digits = 1;
        for (long p = 10; digits < 19 && p <= scaled; p *= 10) {
            digits++;
        }
        int integer = Math.max(1, digits - decimals);
        int total = integer + (decimals > 0 ? decimals + 1 : 0);
        ensure(total);
        int pos = size + total;
        long v = scaled;
        int i = 0;
        for (; i + 2 <= decimals; i += 2) {
            int r = (int) (v % 100);
            v /= 100;
            buf[--pos] = PAIRS[2 * r + 1];
            buf[--pos] = PAIRS[2 * r];
        }
        for (; i < decimals; i++) {
            buf[--pos] = (byte) ('0' + v % 10);
            v /= 10;
        }
        if (decimals > 0) {
            buf[--pos] = '.';
        }
        for (int k = 0; k < integer; k++) {
            buf[--pos] = (byte) ('0' + v % 10);
            v /= 10;
        }
        size += total;
        return this;
    }

    /** Appends {@code bytes[0, n)}. */
    public ByteSink append(byte[] bytes, int n) {
        ensure(n);
        System.arraycopy(bytes, 0, buf, size, n);
        size += n;
        return this;
    }

    /** Copies what was appended from {@code from} on into {@code dst} (which must hold it); returns its length. */
    public int copyFrom(int from, byte[] dst) {
        int n = size - from;
        System.arraycopy(buf, from, dst, 0, n);
        return n;
    }

    public int size() {
        return size;
    }

    public void clear() {
        size = 0;
    }

    public void writeTo(OutputStream out) throws IOException {
        out.write(buf, 0, size);
    }

    @Override
    public String toString() {
        return new String(buf, 0, size, StandardCharsets.UTF_8);
    }

    private void ensure(int n) {
        if (size + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + n));
        }
    }
}
