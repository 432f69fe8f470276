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

    BlockPool(StoreFile file, long budget) {
        this.file = file;
        this.budget = budget;
    }

    /** Lowers the budget to {@code bytes} (at least 4 MB): the rest of the heap goes to the summaries being built. */
    void cap(long bytes) {
        budget = Math.min(budget, Math.max(4L << 20, bytes));
    }

    /** A frame for block {@code b} of {@code rows}: fresh (zeros) when {@code fresh}, else read back. */
    Frame frame(Rows rows, int b, boolean fresh) {
        int longs = rows.blockLongs();
        long need = longs * 8L;
        while (ring.bytes() + need > budget && ring.count() > 0) {
            evictOne();
        }
        long[] data = take(rows.stride(), longs);
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

    private long[] take(int stride, int longs) {
        ArrayDeque<long[]> q = spare[stride];
        long[] a = q == null ? null : q.poll();
        return a == null ? new long[longs] : a; // not cleared: rows are written whole, the end is cleared on save
    }

    private void evictOne() {
        Frame f = ring.evict();
        save(f);
        int s = f.owner.stride();
        if (spare[s] == null) {
            spare[s] = new ArrayDeque<>();
        }
        if (spare[s].size() < 64) {
            spare[s].push(f.data); // last in, first out: the array just saved is still in the cache
        }
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
    }

    /** Zeros the part of {@code f} after its table's last row (its array may be a reused one): stores are deterministic. */
    private static void clearEnd(Frame f) {
        long used = (long) f.owner.size() - ((long) f.block << Rows.BLOCK_SHIFT);
        if (used < Rows.BLOCK_ROWS) {
            java.util.Arrays.fill(f.data, (int) Math.max(0, used) * f.owner.stride(), f.data.length, 0L);
        }
    }
}
