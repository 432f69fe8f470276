package dev.paje.dump;

import java.io.IOException;
import java.io.OutputStream;
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
     * (and at least one before it): the digits of a non-negative scaled integer, two at a time.
     */
    public ByteSink fixed(long scaled, int decimals) {
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
