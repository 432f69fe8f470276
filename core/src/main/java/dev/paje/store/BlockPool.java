package dev.paje.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;

/**
 * The writer's bounded set of block frames (simulator thread only). Tables get a frame for the
 * block they write; when the budget is spent, the clock evicts a frame not touched recently,
 * saving it to its slot when dirty. So the heap holds a fixed number of blocks however many
 * tables and rows the trace has; a block needed again is read back from the file.
 */
final class BlockPool {
    private final StoreFile file;
    private long budget;
    private final FrameRing ring = new FrameRing();
    /** Arrays of evicted frames, by stride, for reuse (no garbage per block). */
    @SuppressWarnings("unchecked")
    private final ArrayDeque<long[]>[] spare = new ArrayDeque[Rows.MAX_STRIDE + 1];
    private long spareBytes;
    /**
     * Spares may fill this share of the budget: evictions and new blocks come in different strides, and spares
     * capped at 64 per stride left a fifth of the blocks of a 1 GB load as garbage (3 full GCs at 256 MB).
     */
    private static final int SPARE_SHARE = 8;

    BlockPool(StoreFile file, long budget) {
        this.file = file;
        this.budget = budget;
    }

    /** Lowers the budget to {@code bytes} (at least 4 MB): the rest of the heap goes to the summaries being built. */
    void cap(long bytes) {
        budget = Math.min(budget, Math.max(4L << 20, bytes));
    }

    /** The frame of block {@code b} of {@code rows}: resident, else read back (see {@link StoreFile#frame}). */
    Frame frame(Rows rows, int b) {
        return file.resident(rows, b);
    }

    /** A frame for block {@code b} of {@code rows}: fresh (zeros) when {@code fresh}, else read back. */
    Frame frame(Rows rows, int b, boolean fresh) {
        rows.roomFor(b);
        int stride = rows.stride();
        int longs = rows.blockLongs();
        long[] data = take(stride);
        if (data == null) {
            data = room(stride, longs * 8L);
        }
        if (data == null) {
            data = new long[longs]; // not cleared: rows are written whole, the end is cleared on save
        }
        if (!fresh) {
            try {
                file.readBlock(rows, b, data);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        Frame f = new Frame(rows, b, data);
        f.dirty = fresh;
        ring.add(f);
        return f;
    }

    /**
     * Makes room for a new array of {@code need} bytes: evicts frames (their arrays become spares) until one
     * of {@code stride} turns up, which it returns; null when a new array fits. Spares count in the budget;
     * beyond a {@link #SPARE_SHARE}th of it they are dropped (garbage) instead of more frames evicted.
     */
    private long[] room(int stride, long need) {
        while (ring.bytes() + spareBytes + need > budget) {
            if (ring.count() == 0 || spareBytes > budget / SPARE_SHARE) {
                if (spareBytes == 0) {
                    return null;
                }
                dropSpare();
            } else {
                evictOne();
                long[] a = take(stride);
                if (a != null) {
                    return a;
                }
            }
        }
        return null;
    }

    /** A spare array of {@code stride} (the one saved last: still in the cache), or null. */
    private long[] take(int stride) {
        ArrayDeque<long[]> q = spare[stride];
        long[] a = q == null ? null : q.poll();
        if (a != null) {
            spareBytes -= a.length * 8L;
        }
        return a;
    }

    /** Drops a spare array of the stride that has the most spare bytes. */
    private void dropSpare() {
        int most = 0;
        long bytes = -1;
        for (int s = 0; s < spare.length; s++) {
            if (spare[s] != null && !spare[s].isEmpty() && spare[s].size() * (long) s > bytes) {
                bytes = spare[s].size() * (long) s;
                most = s;
            }
        }
        spareBytes -= spare[most].pollLast().length * 8L; // the one saved first
    }

    private void evictOne() {
        Frame f = ring.evict();
        save(f);
        int s = f.owner.stride();
        if (spare[s] == null) {
            spare[s] = new ArrayDeque<>();
        }
        spare[s].push(f.data); // last in, first out: the array just saved is still in the cache
        spareBytes += f.data.length * 8L;
    }

    private void save(Frame f) {
        if (f.dirty) {
            clearEnd(f);
            try {
                file.writeBlock(f.owner, f.block, f.data);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            f.dirty = false;
        }
    }

    /** Saves every dirty frame and empties the pool (the end of writing). */
    void flushAll() {
        for (int i = 0; i < ring.count(); i++) {
            save(ring.get(i));
        }
        ring.clear();
        java.util.Arrays.fill(spare, null);
        spareBytes = 0;
    }

    /**
     * Zeros the part of {@code f} after its table's last row (its array may be a reused one): stores are deterministic.
     * Without a branch (an empty fill for a full block): the first partial block comes late in a load, and the
     * branch, compiled as never taken, trapped and recompiled the pool's methods (LogCompilation, bench/RESULTS.md).
     * In ints: C2 compiles Math.min/max of ints as conditional moves, but those of longs as profiled branches
     * (java.lang.Math.min(JJ) trapped the same way). No overflow: both terms are ≥ 0 and block ≤ size / 256 + 1.
     */
    private static void clearEnd(Frame f) {
        int used = f.owner.size() - (f.block << Rows.BLOCK_SHIFT);
        int rows = Math.min(Rows.BLOCK_ROWS, Math.max(0, used));
        java.util.Arrays.fill(f.data, rows * f.owner.stride(), f.data.length, 0L);
    }
}
