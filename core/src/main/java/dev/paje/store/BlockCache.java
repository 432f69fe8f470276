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
    /** Misses since the process started: blocks read, their bytes, and the nanoseconds reading and checking them. */
    private static final java.util.concurrent.atomic.LongAdder READS = new java.util.concurrent.atomic.LongAdder();
    private static final java.util.concurrent.atomic.LongAdder READ_BYTES = new java.util.concurrent.atomic.LongAdder();
    private static final java.util.concurrent.atomic.LongAdder READ_NANOS = new java.util.concurrent.atomic.LongAdder();

    private volatile long budget;
    private final FrameRing ring = new FrameRing();
    /**
     * Arrays of evicted frames, by stride, for the next blocks read: up to half of the budget in all, so that
     * a window reading other kinds of tables than the last one (other strides) still finds arrays.
     */
    private final long[][][] spares = new long[Rows.MAX_STRIDE + 1][16][];
    private final int[] spareCount = new int[Rows.MAX_STRIDE + 1];
    private long spareBytes;
    /**
     * The spares stay within this part of the budget: an eighth let a window whose kinds of table (strides) differ
     * from the last one's drop most evicted arrays and allocate new ones (517 of 703 MB allocated over 3 passes of
     * bench/view-cpu.sh on 10 GB, 14 collections, 5 of them full); a half, 102 MB and 4 collections, 1 full.
     */
    private static final int SPARE_PART = 2;
    /** Arrays reused so far (tests). */
    private long recycled;

    BlockCache(long budget) {
        this.budget = budget;
    }

    /** The process's cache: an eighth of the maximum heap (see {@link #share}), between 4 MB and 192 MB. */
    static BlockCache shared() {
        BlockCache c = shared;
        if (c == null) {
            synchronized (BlockCache.class) {
                c = shared;
                if (c == null) {
                    c = new BlockCache(budgetFor(8));
                    shared = c;
                }
            }
        }
        return c;
    }

    private static long budgetFor(int part) {
        long max = Runtime.getRuntime().maxMemory();
        return Math.max(4L << 20, Math.min(192L << 20, max / part));
    }

    /**
     * Gives the process's cache {@code 1/part} of the maximum heap (between 4 MB and 192 MB) instead
     * of an eighth: for a process that does little but read a store (the viewer, once loaded).
     */
    public static void share(int part) {
        shared().budget = budgetFor(part);
    }

    /**
     * Blocks read from disk by all readers since the process started (cache misses): {count, bytes,
     * nanoseconds spent reading and checking them, positional reads of sealed blocks}. For measurements (bench/ ViewCpu).
     */
    public static long[] reads() {
        return new long[] {READS.sum(), READ_BYTES.sum(), READ_NANOS.sum(), StoreFile.POSITIONAL_READS.sum()};
    }

    /** Reads block {@code b} of {@code rows} and makes it resident. */
    Frame load(Rows rows, int b) {
        long[] data;
        synchronized (this) { // room first: the array of the block it evicts may be this one's
            makeRoom(rows.stride() * Rows.BLOCK_ROWS * 8L);
            data = spare(rows.stride());
        }
        long t0 = System.nanoTime();
        try {
            rows.file().readBlock(rows, b, data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        READ_NANOS.add(System.nanoTime() - t0);
        READS.increment();
        READ_BYTES.add(data.length * 8L);
        Frame f = new Frame(rows, b, data);
        synchronized (this) {
            Frame there = rows.resident(b);
            if (there != null) {
                keep(data, rows.stride());
                return there; // another thread was first
            }
            makeRoom(data.length * 8L); // another thread may have filled it meanwhile
            ring.add(f);
            rows.publish(f);
        }
        return f;
    }

    /**
     * Makes blocks {@code [from, to)} of {@code rows} resident ahead of a reader that reads them in order: the
     * missing ones in stretches of up to {@link StoreFile#RUN_BLOCKS}, a positional read per stretch of
     * slots that follow each other ({@link StoreFile#readRun}), never more than an eighth of the budget at once.
     */
    void loadAhead(Rows rows, int from, int to) {
        long bytes = rows.stride() * Rows.BLOCK_ROWS * 8L;
        to = (int) Math.min(to, from + Math.max(1, budget / 8 / bytes));
        for (int b = from; b < to; ) {
            if (rows.resident(b) != null) {
                b++;
                continue;
            }
            int e = b + 1;
            while (e < to && e - b < StoreFile.RUN_BLOCKS && rows.resident(e) == null) {
                e++;
            }
            loadRun(rows, b, e);
            b = e;
        }
    }

    private void loadRun(Rows rows, int from, int to) {
        int stride = rows.stride();
        long[][] datas = new long[to - from][];
        synchronized (this) {
            makeRoom(datas.length * stride * Rows.BLOCK_ROWS * 8L);
            for (int i = 0; i < datas.length; i++) {
                datas[i] = spare(stride);
            }
        }
        long t0 = System.nanoTime();
        try {
            rows.file().readRun(rows, from, datas);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        READ_NANOS.add(System.nanoTime() - t0);
        READS.add(datas.length);
        READ_BYTES.add(datas.length * stride * Rows.BLOCK_ROWS * 8L);
        synchronized (this) {
            for (int i = 0; i < datas.length; i++) {
                if (rows.resident(from + i) != null) {
                    keep(datas[i], stride); // another thread was first
                    continue;
                }
                makeRoom(datas[i].length * 8L);
                Frame f = new Frame(rows, from + i, datas[i]);
                ring.add(f);
                rows.publish(f);
            }
        }
    }

    /** Evicts frames until {@code bytes} more fit in the budget, keeping their arrays. */
    private void makeRoom(long bytes) {
        while (ring.bytes() + bytes > budget && ring.count() > 0) {
            Frame gone = ring.evict();
            gone.retired = true; // before its array is written again (readers check it after reading)
            keep(gone.data, gone.owner.stride());
        }
    }

    /**
     * An array for a block of {@code stride} longs per row: one an evicted frame gave back, or a new one. Reusing
     * them keeps the blocks that pass through the cache from being garbage: they outlived young collections (the
     * cache holds them), so each was copied, promoted and then freed by a full collection, pauses that were most of
     * a wide window's answer on a 10 GB trace (bench/RESULTS.md).
     */
    private synchronized long[] spare(int stride) {
        int n = spareCount[stride];
        if (n == 0) {
            return new long[stride * Rows.BLOCK_ROWS];
        }
        recycled++;
        long[] a = spares[stride][--n];
        spares[stride][n] = null;
        spareCount[stride] = n;
        spareBytes -= a.length * 8L;
        return a;
    }

    /**
     * Keeps {@code data} for a later block of the same stride. The spares stay within half of the budget: past
     * it, the stride with the most spares gives one up (what a window no longer reads goes), or {@code data} is dropped.
     */
    private void keep(long[] data, int stride) {
        while (spareBytes + data.length * 8L > budget / SPARE_PART) {
            int most = stride;
            for (int k = 1; k < spareCount.length; k++) {
                if ((long) spareCount[k] * k > (long) spareCount[most] * most) {
                    most = k;
                }
            }
            if (most == stride || spareCount[most] == 0) {
                return; // garbage
            }
            int m = --spareCount[most];
            spareBytes -= spares[most][m].length * 8L;
            spares[most][m] = null;
        }
        int n = spareCount[stride];
        if (n == spares[stride].length) {
            spares[stride] = java.util.Arrays.copyOf(spares[stride], n * 2);
        }
        spares[stride][n] = data;
        spareCount[stride] = n + 1;
        spareBytes += data.length * 8L;
    }

    synchronized long recycled() {
        return recycled;
    }

    long budget() {
        return budget;
    }

    /** Sets the budget (tests: a tiny one). */
    void budget(long bytes) {
        budget = bytes;
    }

    /** Drops every block of {@code file} (it is being closed). */
    synchronized void dropAll(StoreFile file) {
        for (int i = 0; i < ring.count(); ) {
            if (ring.get(i).owner.file() == file) {
                ring.removeAt(i);
            } else {
                i++;
            }
        }
    }
}
