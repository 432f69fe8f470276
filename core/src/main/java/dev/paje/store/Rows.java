package dev.paje.store;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * Fixed-width rows of longs, stored row after row, in one of two homes:
 * <ul>
 * <li><b>on disk</b> (every loaded trace): blocks of {@link #BLOCK_ROWS} rows in slots of a
 * {@link StoreFile}. While the simulator writes, the blocks it works on sit in the writer's
 * bounded {@link BlockPool}; once sealed, readers get blocks from the {@link BlockCache}. The heap
 * holds a slot offset and a checksum per block, never the rows.</li>
 * <li><b>on the heap</b> (small derived tables, tests): growable arrays of blocks.</li>
 * </ul>
 * Row-major on purpose: the simulator touches one cache line per event instead of one per column.
 */
public final class Rows {
    /** Rows per block on disk: small, so that thousands of tables fill their blocks in a small pool. */
    static final int BLOCK_SHIFT = 8;
    static final int BLOCK_ROWS = 1 << BLOCK_SHIFT;
    static final int MAX_STRIDE = 8;
    /** Rows per block on the heap. */
    private static final int SHIFT = 12;
    private static final int BLOCK = 1 << SHIFT;
    private static final VarHandle FRAMES = MethodHandles.arrayElementVarHandle(Frame[].class);

    private final int stride;
    private int size;
    // heap home
    private long[][] blocks;
    // disk home
    private final StoreFile file;
    long[] slots;
    int[] crcs;
    private Frame[] resident;
    private Frame last;

    /** Rows on the heap. */
    public Rows(int stride) {
        this.stride = stride;
        this.file = null;
        this.blocks = new long[][] {new long[4 * stride]};
    }

    /** Rows written into {@code file}'s slots. */
    Rows(int stride, StoreFile file) {
        if (stride > MAX_STRIDE) {
            throw new IllegalArgumentException("stride " + stride);
        }
        this.stride = stride;
        this.file = file;
        this.slots = new long[4];
        this.crcs = new int[4];
        this.resident = new Frame[4];
    }

    /** Rows of a sealed store, as described by its metadata. */
    Rows(int stride, StoreFile file, int size, long[] slots, int[] crcs) {
        this.stride = stride;
        this.file = file;
        this.size = size;
        this.slots = slots;
        this.crcs = crcs;
        this.resident = new Frame[slots.length];
    }

    /** Field {@code field} of row {@code row}. */
    public long get(int row, int field) {
        if (file == null) {
            return blocks[row >>> SHIFT][(row & (BLOCK - 1)) * stride + field];
        }
        return frame(row >>> BLOCK_SHIFT).data[(row & (BLOCK_ROWS - 1)) * stride + field];
    }

    public double getDouble(int row, int field) {
        return Double.longBitsToDouble(get(row, field));
    }

    public void set(int row, int field, long v) {
        if (file == null) {
            blocks[row >>> SHIFT][(row & (BLOCK - 1)) * stride + field] = v;
            return;
        }
        Frame f = frame(row >>> BLOCK_SHIFT);
        f.dirty = true;
        f.data[(row & (BLOCK_ROWS - 1)) * stride + field] = v;
    }

    public void setDouble(int row, int field, double v) {
        set(row, field, Double.doubleToRawLongBits(v));
    }

    private Frame frame(int b) {
        Frame f = last;
        if (f == null || f.block != b) {
            f = (Frame) FRAMES.getAcquire(resident, b);
            if (f == null) {
                f = file.load(this, b);
            } else {
                f.used = true;
            }
            last = f;
        }
        return f;
    }

    /** Appends a row of zeros and returns its index. */
    public int add() {
        if (file == null) {
            return addOnHeap();
        }
        if ((size & (BLOCK_ROWS - 1)) == 0) {
            int b = size >>> BLOCK_SHIFT;
            if (b == slots.length) {
                int n = b * 2;
                slots = Arrays.copyOf(slots, n);
                crcs = Arrays.copyOf(crcs, n);
                resident = Arrays.copyOf(resident, n);
            }
            Frame f = file.fresh(this, b);
            FRAMES.setRelease(resident, b, f);
            last = f;
        }
        return size++;
    }

    private int addOnHeap() {
        int b = size >>> SHIFT;
        int at = (size & (BLOCK - 1)) * stride;
        if (b == blocks.length) {
            blocks = Arrays.copyOf(blocks, b * 2);
        }
        long[] block = blocks[b];
        if (block == null) {
            blocks[b] = new long[BLOCK * stride];
        } else if (at + stride > block.length) {
            blocks[b] = Arrays.copyOf(block, Math.min(block.length * 2, BLOCK * stride));
        }
        return size++;
    }

    public int size() {
        return size;
    }

    public int stride() {
        return stride;
    }

    /** Bytes per row. */
    public int width() {
        return stride * 8;
    }

    /** Number of disk blocks the rows occupy. */
    int blockCount() {
        return (size + BLOCK_ROWS - 1) >>> BLOCK_SHIFT;
    }

    /** Longs in one disk block. */
    int blockLongs() {
        return BLOCK_ROWS * stride;
    }

    StoreFile file() {
        return file;
    }

    boolean onDisk() {
        return file != null;
    }

    Frame resident(int b) {
        return (Frame) FRAMES.getAcquire(resident, b);
    }

    void publish(Frame f) {
        FRAMES.setRelease(resident, f.block, f);
    }

    /** If {@code f} is the block this table used last, forgets that (its next use marks it used); true then. */
    boolean dropLast(Frame f) {
        if (last == f) {
            last = null;
            return true;
        }
        return false;
    }

    /** The pool or cache dropped {@code f}: the next access reads the block again. */
    void forget(Frame f) {
        if (f.block < resident.length && FRAMES.getAcquire(resident, f.block) == f) {
            FRAMES.setRelease(resident, f.block, null);
        }
        if (last == f) {
            last = null;
        }
    }

    /** Drops the unused end of the last heap block and of the block list. */
    public void trim() {
        if (blocks == null) {
            return;
        }
        int used = (size + BLOCK - 1) >>> SHIFT;
        blocks = Arrays.copyOf(blocks, Math.max(1, used));
        if (size > 0) {
            int lastBlock = (size - 1) >>> SHIFT;
            int rows = size - (lastBlock << SHIFT);
            if (blocks[lastBlock].length != rows * stride) {
                blocks[lastBlock] = Arrays.copyOf(blocks[lastBlock], rows * stride);
            }
        }
    }
}
