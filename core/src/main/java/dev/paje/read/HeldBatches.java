package dev.paje.read;

import java.util.Arrays;

/**
 * Consecutive batches held back by the reader so that their records are simulated container by container across
 * all of them, not one chunk at a time (only when the simulator writes a store, and only batches whose records all
 * commute: see {@link TraceReader}). Why: a container's records of one 1 MB chunk give each of its tables a few
 * rows, and the tables' blocks are cold again at each chunk (the batch's columns pass through the cache in
 * between); across 8 chunks the same lines take 8 times the rows (1 GB first load: the simulating thread's CPU
 * −1 s, bench/RESULTS.md). Each container's records keep their file order; containers come in the order they
 * first appear.
 */
final class HeldBatches {
    private Batch[] batches = new Batch[8];
    private int[][] maps = new int[8][];
    private long[] bases = new long[8];
    private int count;
    /** The ranges of records of one container in one batch, and their order to simulate ({@link #order}). */
    private int[] rangeBatch = new int[1024];
    private int[] rangeFrom = new int[1024];
    private int[] rangeTo = new int[1024];
    private int[] rangeGroup = new int[1024];
    private int[] sorted = new int[1024];
    /** Per container (global name id + 1 of its group; 0: none yet), and per group its first place. */
    private int[] groupOf = new int[1024];
    private int[] groupStart = new int[1024];
    private int[] groupName = new int[1024];

    int count() {
        return count;
    }

    /** Holds {@code b}, whose local names {@code map} maps to global ones and whose first line follows {@code base}. */
    void add(Batch b, int[] map, long base) {
        if (count == batches.length) {
            batches = Arrays.copyOf(batches, count * 2);
            maps = Arrays.copyOf(maps, count * 2);
            bases = Arrays.copyOf(bases, count * 2);
        }
        batches[count] = b;
        maps[count] = map;
        bases[count] = base;
        count++;
    }

    Batch batch(int g) {
        return batches[g];
    }

    int[] map(int g) {
        return maps[g];
    }

    long base(int g) {
        return bases[g];
    }

    /**
     * Cuts the held batches into runs of one container's records and orders them by container (a stable counting
     * sort: runs of one container in batch order); returns how many there are ({@link #batchOf}, {@link #from},
     * {@link #to} of each, in that order).
     */
    int order() {
        int ranges = 0;
        int groups = 0;
        for (int g = 0; g < count; g++) {
            Batch b = batches[g];
            int[] map = maps[g];
            int k = 0;
            while (k < b.size) {
                int c = map[b.container[k]];
                int j = k + 1;
                while (j < b.size && map[b.container[j]] == c) {
                    j++;
                }
                if (c >= groupOf.length) {
                    groupOf = Arrays.copyOf(groupOf, Math.max(c + 1, groupOf.length * 2));
                }
                if (ranges == rangeBatch.length) {
                    grow(ranges * 2);
                }
                int group = groupOf[c] - 1;
                if (group < 0) {
                    group = groups++;
                    groupOf[c] = group + 1;
                    groupName[group] = c;
                    groupStart[group] = 0;
                }
                groupStart[group]++;
                rangeBatch[ranges] = g;
                rangeFrom[ranges] = k;
                rangeTo[ranges] = j;
                rangeGroup[ranges] = group;
                ranges++;
                k = j;
            }
        }
        int sum = 0;
        for (int group = 0; group < groups; group++) {
            int n = groupStart[group];
            groupStart[group] = sum;
            sum += n;
            groupOf[groupName[group]] = 0; // clean for the next held batches
        }
        for (int r = 0; r < ranges; r++) {
            sorted[groupStart[rangeGroup[r]]++] = r;
        }
        return ranges;
    }

    private void grow(int n) {
        rangeBatch = Arrays.copyOf(rangeBatch, n);
        rangeFrom = Arrays.copyOf(rangeFrom, n);
        rangeTo = Arrays.copyOf(rangeTo, n);
        rangeGroup = Arrays.copyOf(rangeGroup, n);
        groupStart = Arrays.copyOf(groupStart, n); // at most one group per range
        groupName = Arrays.copyOf(groupName, n);
        sorted = new int[n];
    }

    /** The batch of the {@code i}th range in simulation order. */
    int batchOf(int i) {
        return rangeBatch[sorted[i]];
    }

    int from(int i) {
        return rangeFrom[sorted[i]];
    }

    int to(int i) {
        return rangeTo[sorted[i]];
    }

    /** Gives the batches back to {@code pool} and holds nothing. */
    void release(BatchPool pool) {
        for (int g = 0; g < count; g++) {
            pool.give(batches[g]);
            batches[g] = null;
            maps[g] = null;
        }
        count = 0;
    }
}
