package dev.paje.format;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
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
    /** Chunks given back by {@link #release}, at most 8 MB (about a zoomed-out answer's parts): reused, not re-allocated. */
    private static final int POOLED = 256;
    private static final ArrayDeque<byte[]> POOL = new ArrayDeque<>();

    private final List<byte[]> full = new ArrayList<>();
    /** A part of a binary answer ({@link JsonOut#chunks(JsonOut.Part, boolean)}): its columns; these bytes are its header. */
    ByteChunks columns;
    private byte[] last = take();
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
        last = take();
        n = 0;
    }

    private static byte[] take() {
        synchronized (POOL) {
            byte[] c = POOL.poll();
            if (c != null) {
                return c;
            }
        }
        return new byte[CHUNK];
    }

    /**
     * Gives the chunks back for later parts to reuse (a zoomed-out answer's parts are ~7 MB: allocated anew, they
     * fill the young generation every few answers, and each collection copies the block cache's new blocks);
     * these bytes are then empty and are not written to again. Only once they are written and nothing else refers to them.
     */
    public void release() {
        if (columns != null) {
            columns.release();
        }
        synchronized (POOL) {
            for (byte[] c : full) {
                if (POOL.size() < POOLED) {
                    POOL.push(c);
                }
            }
            if (last != null && POOL.size() < POOLED) {
                POOL.push(last);
            }
        }
        full.clear();
        last = new byte[0];
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
