package dev.paje.export.parquet;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/** A growable byte array with the little-endian and varint writes Parquet needs; reused by {@link #clear()}. */
final class ByteSink {
    private byte[] buf;
    private int size;

    ByteSink(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    /** A sink holding {@code bytes[0, size)} (not copied). */
    static ByteSink wrap(byte[] bytes, int size) {
        ByteSink s = new ByteSink(0);
        s.buf = bytes;
        s.size = size;
        return s;
    }

    int size() {
        return size;
    }

    byte[] array() {
        return buf;
    }

    void clear() {
        size = 0;
    }

    private void ensure(int more) {
        if (size + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(size + more, buf.length * 2));
        }
    }

    /** Appends {@code n} bytes to be filled through {@link #array()}; returns where they start. */
    int extend(int n) {
        ensure(n);
        int at = size;
        size += n;
        return at;
    }

    void put(int b) {
        ensure(1);
        buf[size++] = (byte) b;
    }

    void put(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
    }

    void put(ByteSink other) {
        put(other.buf, 0, other.size);
    }

    void intLE(int v) {
        ensure(4);
        buf[size] = (byte) v;
        buf[size + 1] = (byte) (v >>> 8);
        buf[size + 2] = (byte) (v >>> 16);
        buf[size + 3] = (byte) (v >>> 24);
        size += 4;
    }

    void longLE(long v) {
        ensure(8);
        for (int i = 0; i < 8; i++) {
            buf[size + i] = (byte) (v >>> (8 * i));
        }
        size += 8;
    }

    /** Overwrites 4 bytes at {@code at} (a length known only after what follows it is written). */
    void intLEAt(int at, int v) {
        buf[at] = (byte) v;
        buf[at + 1] = (byte) (v >>> 8);
        buf[at + 2] = (byte) (v >>> 16);
        buf[at + 3] = (byte) (v >>> 24);
    }

    /** An unsigned LEB128 varint. */
    void varint(long v) {
        while ((v & ~0x7FL) != 0) {
            put((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        put((int) v);
    }

    /** Appends what {@code d} gives for its input with {@code flush} (SYNC_FLUSH: until it has all of it). */
    void deflate(java.util.zip.Deflater d, int flush) {
        int n;
        do {
            ensure(Math.max(1 << 12, buf.length - size));
            n = d.deflate(buf, size, buf.length - size, flush);
            size += n;
        } while (n > 0 && (size == buf.length || !d.needsInput()));
    }

    /** Appends the rest of {@code d}'s output, {@link java.util.zip.Deflater#finish()} called. */
    void finish(java.util.zip.Deflater d) {
        while (!d.finished()) {
            ensure(Math.max(1 << 12, buf.length - size));
            size += d.deflate(buf, size, buf.length - size);
        }
    }

    void writeTo(OutputStream out) throws IOException {
        out.write(buf, 0, size);
    }
}
