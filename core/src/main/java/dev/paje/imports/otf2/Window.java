package dev.paje.imports.otf2;

import java.util.Arrays;

/**
 * A stretch of the merged trace, made on the merging thread for the simulating one: its runs (lines of one
 * location's batch in a row) in merged order, each with the entity index of its first line. The batches are
 * only referenced: the simulating thread reads their lines from them.
 */
final class Window {
    int runs;
    int events;
    int[] loc = new int[1024];
    int[] from = new int[1024];
    int[] to = new int[1024];
    long[] index = new long[1024];
    EventBatch[] batch = new EventBatch[1024];

    void add(int location, EventBatch b, int first, int end, long firstIndex) {
        if (runs == loc.length) {
            int n = runs * 2;
            loc = Arrays.copyOf(loc, n);
            from = Arrays.copyOf(from, n);
            to = Arrays.copyOf(to, n);
            index = Arrays.copyOf(index, n);
            batch = Arrays.copyOf(batch, n);
        }
        loc[runs] = location;
        batch[runs] = b;
        from[runs] = first;
        to[runs] = end;
        index[runs] = firstIndex;
        runs++;
        events += end - first;
    }

    /** Empties the window, dropping its batches (they may be collected). */
    void clear() {
        Arrays.fill(batch, 0, runs, null);
        runs = 0;
        events = 0;
    }

    /** How many lines of the window have an entity index above {@code entity}. */
    long after(long entity) {
        long n = 0;
        for (int r = 0; r < runs; r++) {
            long end = index[r] + to[r] - from[r];
            n += Math.max(0, end - Math.max(entity + 1, index[r]));
        }
        return n;
    }
}
