package dev.paje.sim;

import dev.paje.store.IntIntMap;
import dev.paje.store.LinkTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Link halves waiting for their other half, per key, first in first out. A key's queue holds
 * either starts or ends, never both: a new half first matches the oldest opposite half. Queues
 * are linked lists through int arrays: no object per pending link.
 */
final class PendingLinks {
    final LinkTable table;
    private final IntIntMap head = new IntIntMap(); // key -> first node
    private final IntIntMap tail = new IntIntMap(); // key -> last node
    private int[] row = new int[16];
    private int[] next = new int[16];
    private long[] line = new long[16];
    private boolean[] startSide = new boolean[16];
    private int nodes;
    private int free = -1;
    private long lastTakenLine;

    PendingLinks(LinkTable table) {
        this.table = table;
    }

    /** Takes the oldest half waiting under {@code key} on side {@code start}; its row, or -1. */
    int take(int key, boolean start) {
        int n = head.get(key);
        if (n < 0 || startSide[n] != start) {
            return -1;
        }
        int after = next[n];
        if (after < 0) {
            head.remove(key);
            tail.remove(key);
        } else {
            head.put(key, after);
        }
        lastTakenLine = line[n];
        next[n] = free;
        free = n;
        return row[n];
    }

    /** Line of the half the last successful {@link #take} matched. */
    long lastTakenLine() {
        return lastTakenLine;
    }

    /** Records {@code r} as waiting; {@code start} is true when its start side is known. */
    void wait(int key, int r, long l, boolean start) {
        int n;
        if (free >= 0) {
            n = free;
            free = next[n];
        } else {
            if (nodes == row.length) {
                int size = nodes * 2;
                row = Arrays.copyOf(row, size);
                next = Arrays.copyOf(next, size);
                line = Arrays.copyOf(line, size);
                startSide = Arrays.copyOf(startSide, size);
            }
            n = nodes++;
        }
        row[n] = r;
        line[n] = l;
        startSide[n] = start;
        next[n] = -1;
        int t = tail.get(key);
        if (t < 0) {
            head.put(key, n);
        } else {
            next[t] = n;
        }
        tail.put(key, n);
    }

    /** Every half still waiting, in line order: {row, line, start ? 1 : 0}. */
    List<long[]> unmatched() {
        List<long[]> all = new ArrayList<>();
        boolean[] isFree = new boolean[nodes];
        for (int f = free; f >= 0; f = next[f]) {
            isFree[f] = true;
        }
        for (int n = 0; n < nodes; n++) {
            if (!isFree[n]) {
                all.add(new long[] {row[n], line[n], startSide[n] ? 1 : 0});
            }
        }
        all.sort((a, b) -> Long.compare(a[1], b[1]));
        return all;
    }
}
