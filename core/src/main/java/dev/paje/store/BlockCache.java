package dev.paje.store;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The blocks of sealed stores that readers have in memory, within one budget for the process
 * (like the operating system's page cache, but counted in the heap and never in RSS as mapped
 * pages would be). Hits are lock-free ({@link Rows} keeps its resident frames); a miss reads the
 * block by a positional read, checks its checksum, and evicts by the clock when over budget.
 */
public final class BlockCache {
    private static volatile BlockCache shared;

    private final long budget;
    private Frame[] ring = new Frame[1024];
    private int count;
    private int hand;
    private long bytes;

    BlockCache(long budget) {
        this.budget = budget;
    }

    /** The process's cache: an eighth of the maximum heap, between 4 MB and 192 MB. */
    static BlockCache shared() {
        BlockCache c = shared;
        if (c == null) {
            synchronized (BlockCache.class) {
                c = shared;
                if (c == null) {
                    long max = Runtime.getRuntime().maxMemory();
                    c = new BlockCache(Math.max(4L << 20, Math.min(192L << 20, max / 8)));
                    shared = c;
                }
            }
        }
        return c;
    }

    /** Reads block {@code b} of {@code rows} and makes it resident. */
    Frame load(Rows rows, int b) {
        long[] data = new long[rows.blockLongs()];
        try {
            rows.file().readBlock(rows, b, data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Frame f = new Frame(rows, b, data);
        synchronized (this) {
            Frame there = rows.resident(b);
            if (there != null) {
                return there; // another thread was first
            }
            while (bytes + data.length * 8L > budget && count > 0) {
                evictOne();
            }
            if (count == ring.length) {
                ring = java.util.Arrays.copyOf(ring, count * 2);
            }
            ring[count++] = f;
            bytes += data.length * 8L;
            rows.publish(f);
        }
        return f;
    }

    private void evictOne() {
        while (true) {
            if (hand >= count) {
                hand = 0;
            }
            Frame f = ring[hand];
            if (f.used) {
                f.used = false;
                hand++;
                continue;
            }
            if (f.owner.dropLast(f)) {
                // a table's current block: hits on it skip the clock, so it gets a second chance; its
                // next use goes through the table's resident blocks and marks it used
                hand++;
                continue;
            }
            f.owner.forget(f);
            ring[hand] = ring[--count];
            ring[count] = null;
            bytes -= f.data.length * 8L;
            return;
        }
    }

    /** Drops every block of {@code file} (it is being closed). */
    synchronized void dropAll(StoreFile file) {
        for (int i = 0; i < count; ) {
            Frame f = ring[i];
            if (f.owner.file() == file) {
                f.owner.forget(f);
                bytes -= f.data.length * 8L;
                ring[i] = ring[--count];
                ring[count] = null;
            } else {
                i++;
            }
        }
    }
}
