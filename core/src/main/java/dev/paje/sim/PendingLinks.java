package dev.paje.sim;

import dev.paje.read.KeyHash;
import dev.paje.store.LinkTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Link halves waiting for their other half, per key, first in first out. A key's queue holds
 * either starts or ends, never both: a new half first matches the oldest opposite half. Keys are
 * held only while a half waits (they are often unique per link: interning them all would grow
 * with the trace). A key of up to 16 bytes is held as two longs in its slot (no array per link, no
 * byte loop to compare it); slots and queue nodes are rows of one long array each (one cache line
 * per look-up, not one per column).
 */
final class PendingLinks {
    /** Key bytes held in a slot's two words; longer keys also keep their bytes in {@link #longKeys}. */
    private static final int INLINE = KeyHash.INLINE;
    // a slot: the key's first 16 bytes, META = hash << 32 | (length + 1) << 1 | start side (0: empty), QUEUE = head << 32 | tail
    private static final int K0 = 0;
    private static final int K1 = 1;
    private static final int META = 2;
    private static final int QUEUE = 3;
    private static final int SLOT = 4;
    // a queue node: ROW_NEXT = row << 32 | next, LINE, TIME bits, VALUE_CONTAINER = value << 32 | container
    private static final int ROW_NEXT = 0;
    private static final int LINE = 1;
    private static final int TIME = 2;
    private static final int VALUE_CONTAINER = 3;
    private static final int NODE = 4;

    final LinkTable table;
    /** Open addressing with linear probing, {@link #SLOT} longs per slot. */
    private long[] slots = new long[16 * SLOT];
    /** The whole key of slots whose key is longer than {@link #INLINE} bytes (else null). */
    private byte[][] longKeys = new byte[16][];
    private int capacity = 16;
    private int used;
    private long[] nodes = new long[16 * NODE];
    private int nodeCount;
    private int free = -1;
    private long lastTakenLine;
    private int lastTakenValue;
    private double lastTakenTime;
    private int lastTakenContainer;
    /** The key {@link #key} read last: its words, hash and slot (a {@link #wait} after a missed take skips the search). */
    private long k0;
    private long k1;
    private int hash;
    private byte[] keyBuf;
    private int keyFrom = -1;
    private int keyTo;
    private int keySlot;

    PendingLinks(LinkTable table) {
        this.table = table;
    }

    /** Takes the oldest half waiting under key {@code buf[from, to)} on side {@code start}; its row, or -1. */
    int take(byte[] buf, int from, int to, boolean start) {
        return taken(search(buf, from, to), start);
    }

    /** {@link #take}, given the key's {@link KeyHash} hash and words (computed where its bytes were in the cache). */
    int take(int hh, long a, long b, byte[] buf, int from, int to, boolean start) {
        return taken(search(hh, a, b, buf, from, to), start);
    }

    /** The take of slot {@code s}, the one of its key (empty when none waits). */
    private int taken(int s, boolean start) {
        int at = s * SLOT;
        long meta = slots[at + META];
        if (meta == 0 || ((meta & 1) != 0) != start) {
            return -1; // the search stays remembered for the wait that follows
        }
        keyFrom = -1;
        long queue = slots[at + QUEUE];
        int n = (int) (queue >>> 32);
        int o = n * NODE;
        long rowNext = nodes[o + ROW_NEXT];
        int after = (int) rowNext;
        if (after < 0) {
            removeAt(s);
        } else {
            slots[at + QUEUE] = ((long) after << 32) | (queue & 0xFFFFFFFFL);
        }
        lastTakenLine = nodes[o + LINE];
        lastTakenTime = Double.longBitsToDouble(nodes[o + TIME]);
        long vc = nodes[o + VALUE_CONTAINER];
        lastTakenValue = (int) (vc >>> 32);
        lastTakenContainer = (int) vc;
        nodes[o + ROW_NEXT] = (rowNext & 0xFFFFFFFF00000000L) | (free & 0xFFFFFFFFL);
        free = n;
        return (int) (rowNext >>> 32);
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
            free = (int) nodes[n * NODE + ROW_NEXT];
        } else {
            if (nodeCount * NODE == nodes.length) {
                nodes = Arrays.copyOf(nodes, nodes.length * 2);
            }
            n = nodeCount++;
        }
        int o = n * NODE;
        nodes[o + ROW_NEXT] = ((long) r << 32) | 0xFFFFFFFFL; // next: -1
        nodes[o + LINE] = l;
        nodes[o + TIME] = Double.doubleToRawLongBits(t);
        nodes[o + VALUE_CONTAINER] = ((long) v << 32) | (c & 0xFFFFFFFFL);
        int s = buf == keyBuf && from == keyFrom && to == keyTo ? keySlot : search(buf, from, to);
        keyFrom = -1;
        int at = s * SLOT;
        if (slots[at + META] == 0) {
            int len = to - from;
            slots[at + K0] = k0;
            slots[at + K1] = k1;
            slots[at + META] = meta(hash, len) | (start ? 1 : 0);
            slots[at + QUEUE] = ((long) n << 32) | n;
            if (len > INLINE) {
                longKeys[s] = Arrays.copyOfRange(buf, from, to);
            }
            if (++used * 2 > capacity) {
                grow();
            }
        } else {
            long queue = slots[at + QUEUE];
            int tail = (int) queue;
            int t2 = tail * NODE + ROW_NEXT;
            nodes[t2] = (nodes[t2] & 0xFFFFFFFF00000000L) | n;
            slots[at + QUEUE] = (queue & 0xFFFFFFFF00000000L) | n;
        }
    }

    private static long meta(int hash, int len) {
        return ((long) hash << 32) | ((long) (len + 1) << 1);
    }

    /** Reads key {@code buf[from, to)} into {@link #k0}, {@link #k1}, {@link #hash}; returns its slot or the empty one to put it in. */
    private int search(byte[] buf, int from, int to) {
        long a = KeyHash.first(buf, from, to);
        long b = KeyHash.second(buf, from, to);
        return search(KeyHash.hash(a, b, buf, from, to), a, b, buf, from, to);
    }

    /** {@link #search} of a key whose {@link KeyHash} hash and words are given. */
    private int search(int hh, long a, long b, byte[] buf, int from, int to) {
        k0 = a;
        k1 = b;
        hash = hh;
        int i = probe(hh, a, b, buf, from, to);
        keyBuf = buf;
        keyFrom = from;
        keyTo = to;
        keySlot = i;
        return i;
    }

    /**
     * Whether a half waits under key {@code buf[from, to)}, given its {@link KeyHash} words and hash (computed
     * where the key's bytes were in the cache): the bytes are read only for keys longer than two words.
     */
    boolean holds(int hh, long a, long b, byte[] buf, int from, int to) {
        return used > 0 && slots[probe(hh, a, b, buf, from, to) * SLOT + META] != 0;
    }

    /** The slot of the key whose hash and first two words are given, or the empty slot where it would go. */
    private int probe(int hh, long a, long b, byte[] buf, int from, int to) {
        int len = to - from;
        long want = meta(hh, len);
        int mask = capacity - 1;
        int i = hh & mask;
        while (true) {
            int at = i * SLOT;
            long meta = slots[at + META];
            if (meta == 0 || ((meta | 1) == (want | 1) && slots[at + K0] == a && slots[at + K1] == b
                    && (len <= INLINE || same(longKeys[i], buf, from, to)))) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /** True when {@code k} holds {@code buf[from, to)}. */
    private static boolean same(byte[] k, byte[] buf, int from, int to) {
        return Arrays.equals(k, 0, k.length, buf, from, to);
    }

    /** Empties slot {@code i}, moving later entries of its probe run back (no tombstones). */
    private void removeAt(int i) {
        int mask = capacity - 1;
        int j = i;
        while (true) {
            j = (j + 1) & mask;
            long meta = slots[j * SLOT + META];
            if (meta == 0) {
                break;
            }
            int k = (int) (meta >>> 32) & mask;
            boolean stays = i <= j ? (i < k && k <= j) : (i < k || k <= j);
            if (!stays) {
                System.arraycopy(slots, j * SLOT, slots, i * SLOT, SLOT);
                longKeys[i] = longKeys[j];
                i = j;
            }
        }
        Arrays.fill(slots, i * SLOT, i * SLOT + SLOT, 0L);
        longKeys[i] = null;
        used--;
    }

    private void grow() {
        long[] old = slots;
        byte[][] oldLong = longKeys;
        int oldCapacity = capacity;
        capacity *= 2;
        slots = new long[capacity * SLOT];
        longKeys = new byte[capacity][];
        int mask = capacity - 1;
        for (int s = 0; s < oldCapacity; s++) {
            long meta = old[s * SLOT + META];
            if (meta != 0) {
                int i = (int) (meta >>> 32) & mask;
                while (slots[i * SLOT + META] != 0) {
                    i = (i + 1) & mask;
                }
                System.arraycopy(old, s * SLOT, slots, i * SLOT, SLOT);
                longKeys[i] = oldLong[s];
            }
        }
        keyFrom = -1; // slots moved
    }

    /** The key of slot {@code s}. */
    private byte[] key(int s) {
        if (longKeys[s] != null) {
            return longKeys[s];
        }
        int len = (int) ((slots[s * SLOT + META] & 0xFFFFFFFFL) >>> 1) - 1;
        byte[] k = new byte[len];
        for (int j = 0; j < len; j++) {
            k[j] = (byte) (slots[s * SLOT + (j < 8 ? K0 : K1)] >>> (8 * (j & 7)));
        }
        return k;
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
        for (int s = 0; s < capacity; s++) {
            long meta = slots[s * SLOT + META];
            if (meta != 0) {
                byte[] k = key(s);
                boolean start = (meta & 1) != 0;
                for (int n = (int) (slots[s * SLOT + QUEUE] >>> 32); n >= 0; n = (int) nodes[n * NODE + ROW_NEXT]) {
                    all.add(new Half(nodes[n * NODE + LINE], start, k));
                }
            }
        }
        all.sort((a, b) -> Long.compare(a.line(), b.line()));
        return all;
    }
}
