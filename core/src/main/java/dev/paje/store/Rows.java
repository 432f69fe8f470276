package dev.paje.store;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.util.Arrays;

/**
 * Fixed-width rows of longs, stored row after row: a growable array while the simulator fills
 * it, or a read-only view of a memory-mapped cache once reopened (so that traces larger than
 * the heap can be opened). Row-major on purpose: the simulator touches one cache line per event
 * instead of one per column, which is what bounds its speed on large traces.
 */
public final class Rows {
    /** Rows per block: blocks are never copied when the table grows, only the first one while small. */
    private static final int SHIFT = 12;
    private static final int BLOCK = 1 << SHIFT;

    private final int stride;
    private long[][] blocks;
    private LongBuffer buffer;
    private int size;

    public Rows(int stride) {
        this.stride = stride;
        this.blocks = new long[][] {new long[4 * stride]};
    }

    private Rows(int stride, LongBuffer buffer, int size) {
        this.stride = stride;
        this.buffer = buffer;
        this.size = size;
    }

    /** Rows over {@code size * stride} little-endian longs of a (mapped) buffer. */
    public static Rows of(int stride, ByteBuffer bytes, int size) {
        return new Rows(stride, bytes.order(ByteOrder.LITTLE_ENDIAN).asLongBuffer(), size);
    }

    /** Field {@code field} of row {@code row}. */
    public long get(int row, int field) {
        long[][] b = blocks;
        if (b != null) {
            return b[row >>> SHIFT][(row & (BLOCK - 1)) * stride + field];
        }
        return buffer.get(row * stride + field);
    }

    public double getDouble(int row, int field) {
        return Double.longBitsToDouble(get(row, field));
    }

    public void set(int row, int field, long v) {
        blocks[row >>> SHIFT][(row & (BLOCK - 1)) * stride + field] = v;
    }

    public void setDouble(int row, int field, double v) {
        set(row, field, Double.doubleToRawLongBits(v));
    }

    /** Appends a row of zeros and returns its index. */
    public int add() {
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

    /** Drops the unused end of the last block and of the block list. */
    public void trim() {
        if (blocks == null) {
            return;
        }
        int used = (size + BLOCK - 1) >>> SHIFT;
        blocks = Arrays.copyOf(blocks, Math.max(1, used));
        if (size > 0) {
            int last = (size - 1) >>> SHIFT;
            int rows = size - (last << SHIFT);
            if (blocks[last].length != rows * stride) {
                blocks[last] = Arrays.copyOf(blocks[last], rows * stride);
            }
        }
    }

    /** Writes rows {@code [from, from + n)}, little-endian, into {@code out}. */
    public void writeTo(ByteBuffer out, int from, int n) {
        ByteBuffer le = out.order(ByteOrder.LITTLE_ENDIAN);
        for (int r = from; r < from + n; r++) {
            for (int f = 0; f < stride; f++) {
                le.putLong(get(r, f));
            }
        }
    }
}
