package dev.paje.store;

import java.util.Arrays;

/**
 * Rows appended a few at a time from the heap into {@link Rows} (a summary level being built): the
 * levels of thousands of tables grow at once, and appending their rows one by one would keep a
 * block of each in the writer's pool (or read it back for every row once the pool dropped it).
 * Rows are numbered as in the target; those still staged can be changed too.
 */
final class RowStage {
    /** Rows held on the heap at most (then appended to the target together). */
    static final int MAX = 8;

    private final int stride;
    private final StoreFile file;
    /** Created at the first append (thousands of levels: most stay a few rows until the end). */
    private Rows target;
    private long[] buf;
    private int n;
    private int flushed;

    RowStage(int stride, StoreFile file) {
        this.stride = stride;
        this.file = file;
    }

    int size() {
        return flushed + n;
    }

    /** Appends a row of zeros; returns its index. */
    int add() {
        if (n == MAX) {
            flush();
        }
        if (buf == null) {
            buf = new long[2 * stride];
        } else if ((n + 1) * stride > buf.length) {
            buf = Arrays.copyOf(buf, Math.min(buf.length * 2, MAX * stride));
        }
        Arrays.fill(buf, n * stride, (n + 1) * stride, 0L);
        return flushed + n++;
    }

    void set(int row, int field, long v) {
        int at = row - flushed;
        if (at >= 0) {
            buf[at * stride + field] = v;
        } else {
            target.set(row, field, v);
        }
    }

    void setDouble(int row, int field, double v) {
        set(row, field, Double.doubleToRawLongBits(v));
    }

    private void flush() {
        if (target == null) {
            target = EntityTable.rows(stride, file);
        }
        target.addAll(buf, n);
        flushed += n;
        n = 0;
    }

    /** The rows, every one appended to the target. */
    Rows rows() {
        flush();
        buf = null;
        return target;
    }
}
