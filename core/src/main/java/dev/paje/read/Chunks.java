package dev.paje.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Cuts a file into chunks of about a given size that end just after a newline, one after the other as the
 * reader asks for them ({@link #next}): the first chunks are tokenized while the later ones are cut, instead
 * of after the whole file has been probed (1 GB: ~950 probes, 5-10 ms before any work began).
 */
final class Chunks {
    private final FileChannel channel;
    private final long size;
    private final int chunk;
    /** The first chunk's size, doubled chunk after chunk up to {@link #chunk}. */
    private int next;
    /** Where the next chunk starts; -1 once the last one has been cut. */
    private long start;
    // the first newline after each cut point: lines are short, so a small probe, read where it is
    // needed (positional reads), searched eight bytes at a time
    private final byte[] bytes = new byte[1 << 12];
    private final ByteBuffer probe = ByteBuffer.wrap(bytes);

    /** Chunks of {@code chunk} bytes, the first {@code first} (then doubled): the reader's first batches come sooner. */
    Chunks(FileChannel channel, long size, int chunk, int first) {
        this.channel = channel;
        this.size = size;
        this.chunk = chunk;
        this.next = Math.max(1, Math.min(first, chunk));
    }

    /** The size of the chunks once the first ones have grown to it. */
    int chunkSize() {
        return chunk;
    }

    /** Chunk boundaries: {@code [0, b1, b2, …, size]}, all chunks of {@code chunk} bytes. */
    static long[] bounds(FileChannel channel, long size, int chunk) throws IOException {
        Chunks cuts = new Chunks(channel, size, chunk, chunk);
        java.util.List<Long> bounds = new java.util.ArrayList<>();
        bounds.add(0L);
        for (long end = cuts.next(); end >= 0; end = cuts.next()) {
            bounds.add(end);
        }
        return bounds.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * The end of the chunk that starts where the previous one ended (at 0 first), or -1 after the last one,
     * which ends the file. An empty file is one empty chunk.
     */
    long next() throws IOException {
        if (start < 0) {
            return -1;
        }
        long cut = newlineAfter(start + next);
        long end = cut < 0 || cut >= size ? size : cut;
        if (end - start > Integer.MAX_VALUE - 16) {
            throw new IOException("a line longer than 2 GB: not a Pajé trace?");
        }
        next = (int) Math.min(chunk, 2L * next);
        start = end == size ? -1 : end;
        return end;
    }

    /** The index just after the first newline at or after {@code pos}, or -1 when there is none. */
    private long newlineAfter(long pos) throws IOException {
        long scan = pos;
        while (scan < size) {
            probe.clear();
            if (size - scan < probe.capacity()) {
                probe.limit((int) (size - scan));
            }
            TraceReader.readFully(channel, probe, scan);
            int n = probe.limit();
            int nl = Swar.newline(bytes, 0, n);
            if (nl < n) {
                return scan + nl + 1;
            }
            scan += n;
        }
        return -1;
    }
}
