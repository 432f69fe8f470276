package dev.paje.store;

import java.util.Arrays;

/**
 * The heap the {@link RowStage}s of one store's summaries may hold together. Over it, the stages
 * holding the most are appended as they are and emptied until a quarter of the budget is free:
 * the fast levels (the finest, of the largest tables) write whole blocks between sheddings, the
 * slow ones sit on the heap, a few rows each, until the end.
 */
final class StageBudget {
    private final long maxLongs;
    private long longs;
    private RowStage[] stages = new RowStage[256];
    private int count;
    /** Times the budget was spent and stages were shed (tests). */
    int sheds;
    /**
     * Buffers of shed stages by stride and power-of-two rows, for the stages growing next (shedding and
     * growing again was the load's largest allocation: 520 MB on 1 GB); at most a quarter of the budget.
     */
    @SuppressWarnings("unchecked")
    private final java.util.ArrayDeque<long[]>[][] free = new java.util.ArrayDeque[Rows.MAX_STRIDE + 1][];
    private long freeLongs;

    /** A budget of {@code bytes} (a {@link Long#MAX_VALUE} budget never sheds). */
    StageBudget(long bytes) {
        this.maxLongs = bytes / 8;
    }

    /** A budget for a store: a 24th of the maximum heap, between 1 MB and 32 MB. */
    static StageBudget forHeap() {
        return new StageBudget(Math.max(1L << 20, Math.min(32L << 20, Runtime.getRuntime().maxMemory() / 24)));
    }

    /** A zeroed-or-not buffer for {@code rows} rows (a power of two) of {@code stride}: a spare one when there is. */
    long[] take(int stride, int rows) {
        java.util.ArrayDeque<long[]>[] byRows = free[stride];
        int c = Integer.numberOfTrailingZeros(rows);
        long[] a = byRows == null || byRows[c] == null ? null : byRows[c].poll();
        if (a == null) {
            return new long[rows * stride];
        }
        freeLongs -= a.length;
        return a;
    }

    /** {@code a}, a buffer of {@code stride}, is not used any more: kept for {@link #take} while there is room. */
    void give(int stride, long[] a) {
        int rows = a.length / stride;
        if (freeLongs + a.length > maxLongs / 4 || Integer.bitCount(rows) != 1) {
            return;
        }
        if (free[stride] == null) {
            free[stride] = new java.util.ArrayDeque[Integer.numberOfTrailingZeros(Rows.BLOCK_ROWS) + 1];
        }
        int c = Integer.numberOfTrailingZeros(rows);
        if (free[stride][c] == null) {
            free[stride][c] = new java.util.ArrayDeque<>();
        }
        free[stride][c].add(a);
        freeLongs += a.length;
    }

    /** The budget, in bytes. */
    long bytes() {
        return maxLongs * 8;
    }

    /** Heap the stages hold now, in longs. */
    long longs() {
        return longs;
    }

    /** {@code s} now holds {@code delta} more longs (fewer when negative); sheds when over budget. */
    void grew(RowStage s, int delta) {
        if (s.listed < 0) {
            if (count == stages.length) {
                stages = Arrays.copyOf(stages, count * 2);
            }
            s.listed = count;
            stages[count++] = s;
        }
        longs += delta;
        if (delta > 0 && longs > maxLongs) {
            shed(s);
        }
    }

    /** {@code s} is finished: forgets it and its heap. */
    void done(RowStage s) {
        if (s.listed < 0) {
            return;
        }
        longs -= s.capacity();
        int i = s.listed;
        RowStage last = stages[--count];
        stages[i] = last;
        last.listed = i;
        stages[count] = null;
        s.listed = -1;
    }

    /**
     * Empties the largest stages but {@code growing} until a quarter of the budget is free: a size
     * threshold from a histogram of powers of two (one pass), then one pass appending.
     */
    private void shed(RowStage growing) {
        sheds++;
        long[] bySize = new long[32];
        for (int i = 0; i < count; i++) {
            int c = stages[i].capacity();
            if (c > 0 && stages[i] != growing) {
                bySize[31 - Integer.numberOfLeadingZeros(c)] += c;
            }
        }
        long free = longs - maxLongs * 3 / 4;
        int t = 31;
        long sum = bySize[t];
        while (t > 0 && sum < free) {
            sum += bySize[--t];
        }
        long least = 1L << t;
        for (int i = 0; i < count; i++) {
            RowStage s = stages[i];
            if (s != growing && s.capacity() >= least) {
                s.shed();
            }
        }
    }
}
