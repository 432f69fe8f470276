package dev.paje.sim;

import dev.paje.store.LinkTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Link halves waiting for their other half, per key, first in first out. A key's queue holds
 * either starts or ends, never both: a new half first matches the oldest opposite half. Keys are
 * held only while a half waits (they are often unique per link: interning them all would grow
 * with the trace); queues are linked lists through int arrays, no object per pending link.
 */
final class PendingLinks {
    final LinkTable table;
    // key -> queue, open addressing with linear probing; keys[s] == null: empty slot
    private byte[][] keys = new byte[16][];
    private int[] hashes = new int[16];
    private int[] heads = new int[16];
    private int[] tails = new int[16];
    private int used;
    // queue nodes
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

    /** Takes the oldest half waiting under key {@code buf[from, to)} on side {@code start}; its row, or -1. */
    int take(byte[] buf, int from, int to, boolean start) {
        int h = hash(buf, from, to);
        int s = find(buf, from, to, h);
        if (keys[s] == null) {
            return -1;
        }
        int n = heads[s];
        if (startSide[n] != start) {
            return -1;
        }
        int after = next[n];
        if (after < 0) {
            removeAt(s);
        } else {
            heads[s] = after;
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

    /** Records {@code r} as waiting under key {@code buf[from, to)}; {@code start}: its start side is known. */
    void wait(byte[] buf, int from, int to, int r, long l, boolean start) {
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
        int h = hash(buf, from, to);
        int s = find(buf, from, to, h);
        if (keys[s] == null) {
            keys[s] = Arrays.copyOfRange(buf, from, to);
            hashes[s] = h;
            heads[s] = n;
            tails[s] = n;
            if (++used * 2 > keys.length) {
                grow();
            }
        } else {
            next[tails[s]] = n;
            tails[s] = n;
        }
    }

    private int find(byte[] buf, int from, int to, int h) {
        int mask = keys.length - 1;
        int i = h & mask;
        while (true) {
            byte[] k = keys[i];
            if (k == null || (hashes[i] == h && Arrays.equals(k, 0, k.length, buf, from, to))) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /** Empties slot {@code i}, moving later entries of its probe run back (no tombstones). */
    private void removeAt(int i) {
        int mask = keys.length - 1;
        int j = i;
        while (true) {
            j = (j + 1) & mask;
            if (keys[j] == null) {
                break;
            }
            int k = hashes[j] & mask;
            boolean stays = i <= j ? (i < k && k <= j) : (i < k || k <= j);
            if (!stays) {
                keys[i] = keys[j];
                hashes[i] = hashes[j];
                heads[i] = heads[j];
                tails[i] = tails[j];
                i = j;
            }
        }
        keys[i] = null;
        used--;
    }

    private void grow() {
        byte[][] oldKeys = keys;
        int[] oldHashes = hashes;
        int[] oldHeads = heads;
        int[] oldTails = tails;
        int n = oldKeys.length * 2;
        keys = new byte[n][];
        hashes = new int[n];
        heads = new int[n];
        tails = new int[n];
        for (int s = 0; s < oldKeys.length; s++) {
            if (oldKeys[s] != null) {
                int i = oldHashes[s] & (n - 1);
                while (keys[i] != null) {
                    i = (i + 1) & (n - 1);
                }
                keys[i] = oldKeys[s];
                hashes[i] = oldHashes[s];
                heads[i] = oldHeads[s];
                tails[i] = oldTails[s];
            }
        }
    }

    private static int hash(byte[] buf, int from, int to) {
        int h = 0x9E3779B9;
        for (int i = from; i < to; i++) {
            h = (h ^ buf[i]) * 0x01000193;
        }
        return h ^ (h >>> 15);
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
