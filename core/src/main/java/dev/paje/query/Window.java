package dev.paje.query;

import dev.paje.store.EntityTable;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.SortedSearch;
import dev.paje.store.StateTable;
import dev.paje.store.VariableTable;
import java.util.function.IntConsumer;

/**
 * The one time-window query of the store: the rows of a table that intersect {@code [start, end]}
 * (closed: an entity touching the window counts), in row order, found by binary search rather
 * than by scanning the whole table.
 */
public final class Window {
    private Window() {
    }

    /** States intersecting the window: O(log n + nesting depth + answer). */
    public static void states(StateTable t, double start, double end, IntConsumer rows) {
        states(t, start, end, 0, t.size(), rows);
    }

    /** The same, among rows {@code [lo, hi)} only (a part of a large table). */
    public static void states(StateTable t, double start, double end, int lo, int hi, IntConsumer rows) {
        int n = hi;
        int i0 = Math.max(firstState(t, start, n), lo);
        for (int i = i0, next = nextBlock(i0); i < n && t.start(i) <= end; i++) {
            if (i == next) {
                readRest(t, i, n, end, t::start);
            }
            if (!(t.end(i) < start)) { // an open state (NaN end) lasts to the trace's end
                rows.accept(i);
            }
        }
    }

    /** The first row among {@code [0, n)} that may intersect a window from {@code start} on. */
    private static int firstState(StateTable t, double start, int n) {
        int first = firstStartAfter(n, start, t::start, false);
        // States starting before the window may still cover it: at most one per nesting level,
        // all after the last level-0 state that starts before the window.
        int from = first;
        while (from > 0) {
            from--;
            if (t.level(from) == 0) {
                break;
            }
        }
        return from;
    }

    /** What receives a state's fields. */
    public interface StateFields {
        void accept(double start, double end, int value, int level);
    }

    /** What receives a variable step's fields. */
    public interface VariableFields {
        void accept(double start, double end, double value);
    }

    /**
     * {@link #states(StateTable, double, double, IntConsumer)}'s rows, in the same order, their fields read a block at
     * a time into {@code buf} ({@link EntityTable#BLOCK_ROWS} × {@link StateTable#STRIDE} longs), blocks not in the
     * cache read past it ({@link EntityTable#scanBlock}): a sweep over every state of a window (an aggregate of 1,088
     * threads) paid a block lookup and a recycling check per field read one at a time, and its read-ahead evicted
     * what the other windows read.
     */
    public static void states(StateTable t, double start, double end, long[] buf, StateFields rows) {
        int n = t.size();
        int first = firstState(t, start, n);
        for (int b = first / EntityTable.BLOCK_ROWS; b * EntityTable.BLOCK_ROWS < n; b++) {
            int m = t.scanBlock(b, buf);
            for (int j = b == first / EntityTable.BLOCK_ROWS ? first % EntityTable.BLOCK_ROWS : 0; j < m; j++) {
                double s = StateTable.start(buf, j);
                if (!(s <= end)) {
                    return;
                }
                double e = StateTable.end(buf, j);
                if (!(e < start)) { // an open state (NaN end) lasts to the trace's end
                    rows.accept(s, e, StateTable.value(buf, j), StateTable.level(buf, j));
                }
            }
        }
    }

    /** What receives a state's row and its fields. */
    public interface StateRow {
        void accept(int row, double start, double end, int value, int level);
    }

    /** What receives a variable step's row and its fields. */
    public interface VariableRow {
        void accept(int row, double start, double end, double value);
    }

    /**
     * {@link #states(StateTable, double, double, IntConsumer)}'s rows, in the same order, with their fields copied a block
     * at a time through the cache ({@link EntityTable#copy}: one lookup per block, not one per field read; a tenth of a
     * 10 GB trace is 600 k thread states), read ahead as there. {@code buf}: {@link EntityTable#BLOCK_ROWS} × STRIDE longs.
     */
    public static void stateRows(StateTable t, double start, double end, long[] buf, StateRow rows) {
        stateRows(t, start, end, 0, t.size(), buf, rows);
    }

    /** The same, among rows {@code [lo, hi)} only (a part of a large table). */
    public static void stateRows(StateTable t, double start, double end, int lo, int hi, long[] buf, StateRow rows) {
        int n = hi;
        int i = Math.max(firstState(t, start, n), lo);
        for (int next = nextBlock(i); i < n; ) {
            if (i >= next && next >= 0) { // the second block: the rest read ahead, once
                readRest(t, i, n, end, t::start);
                next = -1;
            }
            int m = t.copy(i, Math.min(n - i, buf.length / StateTable.STRIDE), buf); // to the end of i's block at most
            for (int j = 0; j < m; j++) {
                double s = StateTable.start(buf, j);
                if (!(s <= end)) {
                    return;
                }
                double e = StateTable.end(buf, j);
                if (!(e < start)) { // an open state (NaN end) lasts to the trace's end
                    rows.accept(i + j, s, e, StateTable.value(buf, j), StateTable.level(buf, j));
                }
            }
            i += m;
        }
    }

    /** {@link #variables(VariableTable, double, double, IntConsumer)}'s rows with their fields, a block at a time (as {@link #stateRows}). */
    public static void variableRows(VariableTable t, double start, double end, long[] buf, VariableRow rows) {
        variableRows(t, start, end, 0, t.size(), buf, rows);
    }

    /** The same, among rows {@code [lo, hi)} only. */
    public static void variableRows(VariableTable t, double start, double end, int lo, int hi, long[] buf, VariableRow rows) {
        int n = hi;
        int i = Math.max(lo, firstStartAfter(n, start, t::start, false) - 1); // from the step in force when the window opens
        for (int next = nextBlock(i); i < n; ) {
            if (i >= next && next >= 0) { // the second block: the rest read ahead, once
                readRest(t, i, n, end, t::start);
                next = -1;
            }
            int m = t.copy(i, Math.min(n - i, buf.length / VariableTable.STRIDE), buf); // to the end of i's block at most
            for (int j = 0; j < m; j++) {
                double s = VariableTable.start(buf, j);
                if (!(s <= end)) {
                    return;
                }
                double e = VariableTable.end(buf, j);
                if (!(e < start)) { // the open step (NaN end) lasts to the trace's end
                    rows.accept(i + j, s, e, VariableTable.value(buf, j));
                }
            }
            i += m;
        }
    }

    /** {@link #variables(VariableTable, double, double, IntConsumer)}'s rows, their fields read a block at a time (as states). */
    public static void variables(VariableTable t, double start, double end, long[] buf, VariableFields rows) {
        int n = t.size();
        int first = Math.max(0, firstStartAfter(n, start, t::start, false) - 1);
        for (int b = first / EntityTable.BLOCK_ROWS; b * EntityTable.BLOCK_ROWS < n; b++) {
            int m = t.scanBlock(b, buf);
            for (int j = b == first / EntityTable.BLOCK_ROWS ? first % EntityTable.BLOCK_ROWS : 0; j < m; j++) {
                double s = VariableTable.start(buf, j);
                if (!(s <= end)) {
                    return;
                }
                double e = VariableTable.end(buf, j);
                if (!(e < start)) { // the open step (NaN end) lasts to the trace's end
                    rows.accept(s, e, VariableTable.value(buf, j));
                }
            }
        }
    }

    /** Events in the window: O(log n + answer). */
    public static void events(EventTable t, double start, double end, IntConsumer rows) {
        events(t, start, end, 0, t.size(), rows);
    }

    /** The same, among rows {@code [lo, hi)} only. */
    public static void events(EventTable t, double start, double end, int lo, int hi, IntConsumer rows) {
        int n = hi;
        int first = Math.max(lo, firstStartAfter(n, start, t::time, false));
        for (int i = first, next = nextBlock(first); i < n && t.time(i) <= end; i++) {
            if (i == next) {
                readRest(t, i, n, end, t::time);
            }
            rows.accept(i);
        }
    }

    /**
     * Adds each event of {@code [grid.start(), grid.end()]} to its pixel's count in {@code counts}, reading
     * the rows a block at a time into {@code buf} (what {@link #events} and a time lookup per row cost
     * ~28 ns per event: a 10 GB trace's wide windows count 471 k of them).
     */
    static void countPerPixel(EventTable t, PixelGrid grid, int[] counts, long[] buf) {
        int n = t.size();
        double end = grid.end();
        int per = buf.length / EventTable.STRIDE;
        int first = firstStartAfter(n, grid.start(), t::time, false);
        for (int i = first; i < n; ) {
            if (i != first && i == nextBlock(first)) {
                readRest(t, i, n, end, t::time);
            }
            int m = t.copy(i, Math.min(n - i, per), buf);
            for (int j = 0; j < m; j++) {
                double time = Double.longBitsToDouble(buf[j * EventTable.STRIDE]);
                if (time > end) {
                    return;
                }
                counts[grid.of(time)]++;
            }
            i += m;
        }
    }

    /** The first row of the block after row {@code row}'s. */
    private static int nextBlock(int row) {
        return (row | (EntityTable.BLOCK_ROWS - 1)) + 1;
    }

    /**
     * A loop over the window's rows reached its second block: the rest, up to the window's end, is read ahead in
     * stretches of blocks (one search for the end; a window whose rows fit in a block, such as an edge bucket's, pays
     * nothing).
     */
    private static void readRest(EntityTable t, int from, int n, double end, java.util.function.IntToDoubleFunction key) {
        t.readAhead(from, SortedSearch.first(from, n, end, key, true));
    }

    /** How many events are in the window: O(log n). */
    public static int countEvents(EventTable t, double start, double end) {
        return countEvents(t, start, end, true);
    }

    /** How many events are in {@code [start, end]}, or {@code [start, end)} when not {@code closed}: O(log n). */
    static int countEvents(EventTable t, double start, double end, boolean closed) {
        int n = t.size();
        return firstStartAfter(n, end, t::time, closed) - firstStartAfter(n, start, t::time, false);
    }

    /**
     * The first event at or after {@code x} (after it when {@code strict}), searched in rows {@code [near, far]}
     * first, checked, else in the whole table (the same answer): a summary's counts give where a bucket's events are.
     */
    static int firstEventAfter(EventTable t, double x, boolean strict, int near, int far) {
        return firstStartAfter(t.size(), x, t::time, strict, near, far);
    }

    /** Steps of a variable intersecting the window: O(log n + answer). */
    public static void variables(VariableTable t, double start, double end, IntConsumer rows) {
        variables(t, start, end, 0, t.size(), rows);
    }

    /** The same, among rows {@code [lo, hi)} only. */
    public static void variables(VariableTable t, double start, double end, int lo, int hi, IntConsumer rows) {
        // from the step in force when the window opens (steps never overlap)
        variablesFrom(t, Math.max(lo, firstStartAfter(hi, start, t::start, false) - 1), hi, start, end, rows);
    }

    /**
     * {@link #variables(VariableTable, double, double, IntConsumer)} when the first row starting at or after
     * {@code start} is likely in {@code [near, far]} (a summary bucket's rows): searched there, checked, else in the
     * whole table. A zoomed-out window reads its edge buckets' rows: a search over a large table touched ~17 blocks.
     */
    public static void variablesNear(VariableTable t, double start, double end, int near, int far, IntConsumer rows) {
        int n = t.size();
        variablesFrom(t, Math.max(0, firstStartAfter(n, start, t::start, near, far) - 1), n, start, end, rows);
    }

    private static void variablesFrom(VariableTable t, int first, int n, double start, double end, IntConsumer rows) {
        for (int i = first, next = nextBlock(first); i < n && t.start(i) <= end; i++) {
            if (i == next) {
                readRest(t, i, n, end, t::start);
            }
            if (!(t.end(i) < start)) { // the open step (NaN end) lasts to the trace's end
                rows.accept(i);
            }
        }
    }

    /** Complete links intersecting the window (rows are in start order after loading). */
    public static void links(LinkTable t, double start, double end, IntConsumer rows) {
        links(t, start, end, 0, t.completeCount(), rows);
    }

    /** The same, among rows {@code [lo, hi)} only. */
    public static void links(LinkTable t, double start, double end, int lo, int hi, IntConsumer rows) {
        int n = Math.min(hi, t.completeCount());
        int i = Math.max(lo, firstStartAfter(n, start - t.maxDuration(), t::start, false));
        for (; i < n && t.start(i) <= end; i++) {
            if (t.end(i) >= start) {
                rows.accept(i);
            }
        }
    }

    /** First row in {@code [0, n)} whose key is >= {@code x} (or > x when {@code strict}). */
    static int firstStartAfter(int n, double x, java.util.function.IntToDoubleFunction key, boolean strict) {
        return firstStartAfter(0, n, x, key, strict);
    }

    /**
     * {@link #firstStartAfter(int, double, java.util.function.IntToDoubleFunction, boolean)} searched in
     * {@code [near, far]} first: the same answer wherever it is (keys in order: a row before {@code near} below
     * {@code x} and the answer found before {@code far + 1} prove it lies there).
     */
    static int firstStartAfter(int n, double x, java.util.function.IntToDoubleFunction key, int near, int far) {
        return firstStartAfter(n, x, key, false, near, far);
    }

    /** The same, for the first key > {@code x} when {@code strict}. */
    static int firstStartAfter(int n, double x, java.util.function.IntToDoubleFunction key, boolean strict, int near, int far) {
        int lo = Math.max(0, Math.min(near, n));
        int hi = Math.max(lo, Math.min(far + 1, n));
        if (lo > 0) {
            double k = key.applyAsDouble(lo - 1);
            if (!(k < x || (strict && k == x))) {
                return firstStartAfter(0, lo, x, key, strict);
            }
        }
        int r = firstStartAfter(lo, hi, x, key, strict);
        return r < hi ? r : firstStartAfter(hi, n, x, key, strict);
    }

    /**
     * First row in {@code [from, to)} whose key is >= {@code x} (or > x when {@code strict}); {@code to} if none. By
     * bisection: {@link SortedSearch}'s interpolation read fewer blocks here too, but cost ~30 % more CPU over the
     * answers of a 1 GB trace, whose blocks are all in the cache (bench/RESULTS.md, wt-view9).
     */
    private static int firstStartAfter(int from, int to, double x, java.util.function.IntToDoubleFunction key, boolean strict) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            double k = key.applyAsDouble(mid);
            if (k < x || (strict && k == x)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
