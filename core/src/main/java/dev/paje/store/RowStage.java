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
    static final int MAX = 32;

    private final Rows target;
    private final int stride;
    private long[] buf;
    private int n;

    RowStage(int stride, StoreFile file) {
        this.stride = stride;
        this.target = EntityTable.rows(stride, file);
        this.buf = new long[4 * stride];
    }

    int size() {
        return target.size() + n;
    }

    /** Appends a row of zeros; returns its index. */
    int add() {
        if (n == MAX) {
            flush();
        }
        if ((n + 1) * stride > buf.length) {
            buf = Arrays.copyOf(buf, Math.min(buf.length * 2, MAX * stride));
        }
        Arrays.fill(buf, n * stride, (n + 1) * stride, 0L);
        return target.size() + n++;
    }

    void set(int row, int field, long v) {
        int at = row - target.size();
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
        target.addAll(buf, n);
        n = 0;
    }

    /** The rows, every one appended to the target. */
    Rows rows() {
        flush();
        buf = null;
        return target;
    }
}
