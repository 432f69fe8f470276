package dev.paje.sim;

import dev.paje.store.LinkTable;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Link halves waiting for their other half, per key, first in first out. A queue holds either
 * starts or ends, never both: a new half first matches the oldest opposite half.
 */
final class PendingLinks {
    final LinkTable table;
    /** Per key name id: rows waiting; positive = rows missing their end, negative (~row) = missing their start. */
    private final Map<Integer, ArrayDeque<long[]>> waiting = new HashMap<>();

    PendingLinks(LinkTable table) {
        this.table = table;
    }

    /** Takes the oldest half waiting under {@code key} whose side is {@code startSide}; null if none. */
    long[] take(int key, boolean startSide) {
        ArrayDeque<long[]> q = waiting.get(key);
        if (q == null || q.isEmpty() || (q.peekFirst()[2] == 1) != startSide) {
            return null;
        }
        long[] e = q.pollFirst();
        if (q.isEmpty()) {
            waiting.remove(key);
        }
        return e;
    }

    /** Records {@code row} as waiting; {@code startSide} is true when its start is known. */
    void wait(int key, int row, long line, boolean startSide) {
        waiting.computeIfAbsent(key, k -> new ArrayDeque<>()).addLast(new long[] {row, line, startSide ? 1 : 0});
    }

    /** Every half still waiting: {row, line, startSide}. */
    Iterable<long[]> unmatched() {
        java.util.List<long[]> all = new java.util.ArrayList<>();
        for (ArrayDeque<long[]> q : waiting.values()) {
            all.addAll(q);
        }
        all.sort((a, b) -> Long.compare(a[1], b[1]));
        return all;
    }
}
