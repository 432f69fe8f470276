package dev.paje.read;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/** Splits a file into chunks of about a given size that end just after a newline. */
final class Chunks {
    private Chunks() {
    }

    /** Chunk boundaries: {@code [0, b1, b2, …, size]}. */
    static long[] bounds(FileChannel channel, long size, int chunk) throws IOException {
        java.util.List<Long> bounds = new java.util.ArrayList<>();
        bounds.add(0L);
        // the first newline after each cut point: lines are short, so a small probe, read where
        // it is needed (positional reads), searched eight bytes at a time
        byte[] bytes = new byte[1 << 12];
        ByteBuffer probe = ByteBuffer.wrap(bytes);
        long pos = chunk;
        while (pos < size) {
            long cut = -1;
            long scan = pos;
            while (cut < 0 && scan < size) {
                probe.clear();
                if (size - scan < probe.capacity()) {
                    probe.limit((int) (size - scan));
                }
                TraceReader.readFully(channel, probe, scan);
                int n = probe.limit();
                int nl = Swar.newline(bytes, 0, n);
                if (nl < n) {
                    cut = scan + nl + 1;
                }
                scan += n;
            }
            if (cut < 0 || cut >= size) {
                break;
            }
            if (cut - bounds.get(bounds.size() - 1) > Integer.MAX_VALUE - 16) {
                throw new IOException("a line longer than 2 GB: not a Pajé trace?");
            }
            bounds.add(cut);
            pos = cut + chunk;
        }
        bounds.add(size);
        return bounds.stream().mapToLong(Long::longValue).toArray();
    }
}
