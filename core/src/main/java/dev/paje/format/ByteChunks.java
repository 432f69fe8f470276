package dev.paje.format;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Bytes kept as a list of fixed-size chunks, for text rendered now and written later (a part of a
 * window answer): growing copies nothing and no array outgrows a chunk, where a
 * {@code ByteArrayOutputStream} of megabytes doubles and copies its array and its large arrays
 * survive young collections on a small heap.
 */
public final class ByteChunks extends OutputStream {
    private static final int CHUNK = 1 << 15;

    private final List<byte[]> full = new ArrayList<>();
    private byte[] last = new byte[CHUNK];
    private int n;

    @Override
    public void write(int b) {
        if (n == CHUNK) {
            next();
        }
        last[n++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        while (len > 0) {
            if (n == CHUNK) {
                next();
            }
            int k = Math.min(len, CHUNK - n);
            System.arraycopy(b, off, last, n, k);
            n += k;
            off += k;
            len -= k;
        }
    }

    private void next() {
        full.add(last);
        last = new byte[CHUNK];
        n = 0;
    }

    public long size() {
        return (long) full.size() * CHUNK + n;
    }

    /** Writes every byte, in order, to {@code out}. */
    public void writeTo(OutputStream out) throws IOException {
        for (byte[] c : full) {
            out.write(c);
        }
        out.write(last, 0, n);
    }
}
