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
    /** The waiting half as written in its row: value, time and container (so the row is never read back). */
    private int[] value = new int[16];
    private double[] time = new double[16];
    private int[] container = new int[16];
    private int nodes;
    private int free = -1;
    private long lastTakenLine;
    private int lastTakenValue;
    private double lastTakenTime;
    private int lastTakenContainer;
    /** The key a {@link #take} found nothing under, and its slot: the {@link #wait} that follows skips the search. */
    private byte[] missBuf;
    private int missFrom;
    private int missTo;
    private int missHash;
    private int missSlot;

    PendingLinks(LinkTable table) {
        this.table = table;
    }

    /** Takes the oldest half waiting under key {@code buf[from, to)} on side {@code start}; its row, or -1. */
    int take(byte[] buf, int from, int to, boolean start) {
        int h = hash(buf, from, to);
        int s = find(buf, from, to, h);
        missBuf = null;
        if (keys[s] == null || startSide[heads[s]] != start) {
            missBuf = buf;
            missFrom = from;
            missTo = to;
            missHash = h;
            missSlot = s;
            return -1;
        }
        int n = heads[s];
        int after = next[n];
        if (after < 0) {
            removeAt(s);
        } else {
            heads[s] = after;
        }
        lastTakenLine = line[n];
        lastTakenValue = value[n];
        lastTakenTime = time[n];
        lastTakenContainer = container[n];
        next[n] = free;
        free = n;
        return row[n];
    }

    /** Line of the half the last successful {@link #take} matched. */
    long lastTakenLine() {
        return lastTakenLine;
    }

    /** Value of the half the last successful {@link #take} matched. */
    int lastTakenValue() {
        return lastTakenValue;
    }

    /** Time of the half the last successful {@link #take} matched. */
    double lastTakenTime() {
        return lastTakenTime;
    }

    /** Container of the half the last successful {@link #take} matched (where it starts or ends). */
    int lastTakenContainer() {
        return lastTakenContainer;
    }

    /**
     * Records {@code r} as waiting under key {@code buf[from, to)}; {@code start}: its start side is
     * known, at time {@code t} in container {@code c}, with value {@code v}.
     */
    void wait(byte[] buf, int from, int to, int r, long l, boolean start, int v, double t, int c) {
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
                value = Arrays.copyOf(value, size);
                time = Arrays.copyOf(time, size);
                container = Arrays.copyOf(container, size);
            }
            n = nodes++;
        }
        row[n] = r;
        line[n] = l;
        startSide[n] = start;
        value[n] = v;
        time[n] = t;
        container[n] = c;
        next[n] = -1;
        int h;
        int s;
        if (buf == missBuf && from == missFrom && to == missTo) {
            h = missHash; // the take just before searched this very key
            s = missSlot;
        } else {
            h = hash(buf, from, to);
            s = find(buf, from, to, h);
        }
        missBuf = null;
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
            if (k == null || (hashes[i] == h && same(k, buf, from, to))) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /**
     * True when {@code k} holds {@code buf[from, to)}. A plain loop, not {@link Arrays#equals}: its word-wise path,
     * first taken when keys reach 8 bytes (link "k1000000"), was an uncommon trap that recompiled the simulator.
     */
    private static boolean same(byte[] k, byte[] buf, int from, int to) {
        int diff = k.length ^ (to - from);
        for (int j = 0, n = Math.min(k.length, to - from); j < n; j++) {
            diff |= k[j] ^ buf[from + j];
        }
        return diff == 0;
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

    /** A half still waiting: its line, which side is known, and its key. */
    record Half(long line, boolean start, byte[] key) {
        String keyText() {
            return new String(key, java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    /** Every half still waiting, in line order. */
    List<Half> unmatched() {
        List<Half> all = new ArrayList<>();
        for (int s = 0; s < keys.length; s++) {
            if (keys[s] != null) {
                for (int n = heads[s]; n >= 0; n = next[n]) {
                    all.add(new Half(line[n], startSide[n], keys[s]));
                }
            }
        }
        all.sort((a, b) -> Long.compare(a.line(), b.line()));
        return all;
    }
}
