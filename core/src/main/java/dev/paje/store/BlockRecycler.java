package dev.paje.store;

import java.util.ArrayDeque;

/**
 * Arrays of one disk block ({@link Rows#BLOCK_ROWS} rows) passed from the threads building summaries at
 * seal to the thread copying them into the file, and back: up to a bound, so that the seal's summary
 * rows (half as many as the rows they summarize) are not all garbage for the collector.
 */
final class BlockRecycler {
    private final long maxLongs;
    @SuppressWarnings("unchecked")
    private final ArrayDeque<long[]>[] free = new ArrayDeque[Rows.MAX_STRIDE + 1];
    private long longs;

    /** A recycler keeping up to {@code bytes} of spare arrays. */
    BlockRecycler(long bytes) {
        this.maxLongs = bytes / 8;
    }

    /** An array for a block of {@code stride} (not zeroed). */
    synchronized long[] take(int stride) {
        ArrayDeque<long[]> q = free[stride];
        long[] a = q == null ? null : q.poll();
        if (a == null) {
            return new long[Rows.BLOCK_ROWS * stride];
        }
        longs -= a.length;
        return a;
    }

    /** {@code a}, a block of {@code stride} copied out, can be used again. */
    synchronized void give(int stride, long[] a) {
        if (a.length != Rows.BLOCK_ROWS * stride || longs + a.length > maxLongs) {
            return;
        }
        if (free[stride] == null) {
            free[stride] = new ArrayDeque<>();
        }
        free[stride].push(a);
        longs += a.length;
    }
}
