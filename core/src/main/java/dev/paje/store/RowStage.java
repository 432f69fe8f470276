package dev.paje.store;

import java.util.Arrays;

/**
 * Rows of a summary level being built, staged on the heap and appended to their {@link Rows} in
 * whole blocks: the levels of thousands of tables grow at once, and appending a few rows at a time
 * kept a partial block of each in the writer's pool, or read it back from the file for every few
 * rows once the pool had dropped it (10 GB: 73 s of system time, bench/RESULTS.md). A stage grows
 * up to the end of its current block, then writes that block straight to the file (no pool frame,
 * nothing read back). All stages of a store share a {@link StageBudget}: over it, the largest are
 * appended as they are (their next block starts partial). Rows are numbered as in the target;
 * those still staged can be changed too.
 */
final class RowStage {
    /** Rows a stage starts with (most levels stay a few rows until the end). */
    private static final int FIRST = 4;

    private final int stride;
    private final StoreFile file;
    private final StageBudget budget;
    /** Created at the first append. */
    private Rows target;
    private long[] buf;
    private int n;
    private int flushed;
    /** Where this stage is in its budget's list (-1: not listed yet). */
    int listed = -1;
    /**
     * A stage that keeps its whole blocks on the heap for {@link #writeTo} (a build at seal, on another thread than
     * the file's writer), their arrays from and back to this; null for a stage appending to its target.
     */
    private final BlockRecycler recycler;
    private final java.util.ArrayList<long[]> kept;

    RowStage(int stride, StoreFile file, StageBudget budget) {
        this.stride = stride;
        this.file = file;
        this.budget = budget;
        this.recycler = null;
        this.kept = null;
    }

    /** A stage keeping its rows on the heap in whole blocks for {@link #writeTo}, block arrays from {@code recycler}. */
    RowStage(int stride, BlockRecycler recycler) {
        this.stride = stride;
        this.file = null;
        this.budget = null;
        this.recycler = recycler;
        this.kept = new java.util.ArrayList<>();
    }

    int size() {
        return flushed + n;
    }

    /** Rows staged now. */
    int staged() {
        return n;
    }

    /** Longs of heap this stage holds. */
    int capacity() {
        return buf == null ? 0 : buf.length;
    }

    /** Appends a row of zeros; returns its index. */
    int add() {
        int room = Rows.BLOCK_ROWS - (flushed & (Rows.BLOCK_ROWS - 1)); // staged rows reach the end of the current block
        if (n == room) {
            flush();
            room = Rows.BLOCK_ROWS;
        }
        if (recycler != null) {
            if (buf == null) {
                // a whole block at once (growing by doubling, as the stages of a store do, was a quarter of the
                // seal's allocations on 1 GB: most levels stay small, but the copy gives the block back)
                buf = recycler.take(stride);
            }
        } else if (buf == null || (n + 1) * stride > buf.length) {
            grow(Math.min(Rows.BLOCK_ROWS, Math.max(FIRST, n * 2))); // powers of two: buffers are reused
        }
        Arrays.fill(buf, n * stride, (n + 1) * stride, 0L);
        return flushed + n++;
    }

    private void grow(int rows) {
        int old = capacity();
        long[] a = budget.take(stride, rows);
        if (buf != null) {
            System.arraycopy(buf, 0, a, 0, n * stride);
            budget.give(stride, buf);
        }
        buf = a;
        budget.grew(this, buf.length - old);
    }

    void set(int row, int field, long v) {
        int at = row - flushed;
        if (at >= 0) {
            buf[at * stride + field] = v;
        } else if (kept != null) {
            kept.get(row >>> Rows.BLOCK_SHIFT)[(row & (Rows.BLOCK_ROWS - 1)) * stride + field] = v;
        } else {
            target.set(row, field, v);
        }
    }

    void setDouble(int row, int field, double v) {
        set(row, field, Double.doubleToRawLongBits(v));
    }

    /** Appends the staged rows to the target: a whole block straight to the file when they are one. */
    void flush() {
        if (n == 0) {
            return;
        }
        if (kept != null) { // a whole block (add flushes a keeping stage only then)
            kept.add(buf);
            buf = null;
            flushed += n;
            n = 0;
            return;
        }
        if (target == null) {
            target = EntityTable.rows(stride, file);
        }
        if (n == Rows.BLOCK_ROWS && !target.appendBlock(buf)) {
            target.addAll(buf, n);
        } else if (n != Rows.BLOCK_ROWS) {
            target.addAll(buf, n);
        }
        flushed += n;
        n = 0;
    }

    /** Appends the staged rows and gives the heap they held back to the budget (the budget's choice). */
    void shed() {
        flush();
        budget.grew(this, -capacity());
        if (buf != null) {
            budget.give(stride, buf);
        }
        buf = null;
    }

    /** The rows, every one appended to the target; the stage is done. */
    Rows rows() {
        flush();
        if (target == null) {
            target = EntityTable.rows(stride, file);
        }
        budget.done(this);
        if (buf != null) {
            budget.give(stride, buf);
        }
        buf = null;
        return target;
    }

    /**
     * A keeping stage's rows appended to new rows in {@code into}: its whole blocks straight to the file (their
     * arrays back to the recycler), then the rest; the stage is done. By the file's writing thread.
     */
    Rows writeTo(StoreFile into) {
        Rows to = new Rows(stride, into);
        for (long[] b : kept) {
            if (!to.appendBlock(b)) {
                to.addAll(b, Rows.BLOCK_ROWS);
            }
        }
        if (n > 0 && !to.appendLastBlock(buf, n)) {
            to.addAll(buf, n);
        }
        release();
        return to;
    }

    /** A keeping stage not written: its block arrays go back to the recycler. */
    void release() {
        for (long[] b : kept) {
            recycler.give(stride, b);
        }
        kept.clear();
        if (buf != null) {
            recycler.give(stride, buf);
        }
        buf = null;
        n = 0;
    }

    /** The stage is abandoned (its builder was replaced): its heap goes back to the budget. */
    void drop() {
        budget.done(this);
        buf = null;
        n = 0;
    }
}
