package dev.paje.store;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Interned names: every distinct byte string read from a trace gets a small dense id, so the
 * simulator resolves types, containers and values with array lookups and no String per field.
 * The bytes live in one arena (link keys can number in the millions); Strings are made on demand.
 *
 * <p>HOT PATH: {@link #intern(byte[], int, int)} runs for every name field of every line. Short
 * names are hashed and compared eight bytes at a time.
 */
public final class Names {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private int[] slots = new int[1 << 12]; // id + 1, 0 = empty
    private int[] hashes = new int[1 << 10];
    private int[] offsets = new int[(1 << 10) + 1];
    private byte[] arena = new byte[1 << 14];
    private int size;

    /** A read-only table over names read back from a cache: {@link #get} and {@link #text} only. */
    static Names frozen(byte[] arena, int[] offsets, int size) {
        Names n = new Names();
        n.arena = arena;
        n.offsets = offsets;
        n.size = size;
        n.hashes = null;
        n.slots = null;
        return n;
    }

    /** The arena and offsets, for writing a cache. */
    View all() {
        return new View(arena, offsets, size);
    }

    /** Returns the id of {@code buf[from, to)}, adding it when new. */
    public int intern(byte[] buf, int from, int to) {
        int h = hash(buf, from, to);
        int slot = probe(buf, from, to, h);
        int id = slots[slot] - 1;
        return id >= 0 ? id : add(buf, from, to, h, slot);
    }

    /** The slot holding {@code buf[from, to)}, or the empty slot where it would go. */
    private int probe(byte[] buf, int from, int to, int h) {
        int mask = slots.length - 1;
        int i = h & mask;
        int len = to - from;
        while (true) {
            int slot = slots[i];
            if (slot == 0) {
                return i;
            }
            int id = slot - 1;
            if (hashes[id] == h && offsets[id + 1] - offsets[id] == len && same(buf, from, len, offsets[id])) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /** Returns the id of {@code s}, adding it when new. */
    public int intern(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return intern(b, 0, b.length);
    }

    /** The id of {@code buf[from, to)}, or -1 when it was never interned. */
    public int find(byte[] buf, int from, int to) {
        return slots[probe(buf, from, to, hash(buf, from, to))] - 1;
    }

    /** Name {@code id} as a new String (not kept: link keys alone can number in the millions). */
    public String get(int id) {
        return new String(arena, offsets[id], offsets[id + 1] - offsets[id], StandardCharsets.UTF_8);
    }

    /** Same as {@link #get}. */
    public String text(int id) {
        return get(id);
    }

    public int size() {
        return size;
    }

    /**
     * The names as they are now, valid while this table grows (its arrays are replaced, never
     * modified below {@code size}): lets another thread read the names a batch published.
     */
    public View view() {
        return new View(arena, offsets, size);
    }

    /** A frozen prefix of a table. */
    public record View(byte[] arena, int[] offsets, int size) {
    }

    /** Interns name {@code id} of {@code view} here and returns its id in this table. */
    public int intern(View view, int id) {
        return intern(view.arena, view.offsets[id], view.offsets[id + 1]);
    }

    private boolean same(byte[] buf, int from, int len, int at) {
        byte[] a = arena;
        int i = 0;
        for (; i + 8 <= len; i += 8) {
            if ((long) LONGS.get(buf, from + i) != (long) LONGS.get(a, at + i)) {
                return false;
            }
        }
        for (; i < len; i++) {
            if (buf[from + i] != a[at + i]) {
                return false;
            }
        }
        return true;
    }

    private int add(byte[] buf, int from, int to, int h, int slot) {
        int id = size++;
        if (id + 1 >= offsets.length - 1) {
            int n = hashes.length * 2;
            hashes = Arrays.copyOf(hashes, n);
            offsets = Arrays.copyOf(offsets, n + 1);
        }
        int len = to - from;
        int at = offsets[id];
        if (at + len > arena.length) {
            arena = Arrays.copyOf(arena, Math.max(arena.length * 2, at + len));
        }
        System.arraycopy(buf, from, arena, at, len);
        offsets[id + 1] = at + len;
        hashes[id] = h;
        slots[slot] = id + 1;
        if (size * 2 > slots.length) {
            rehash();
        }
        return id;
    }

    private void rehash() {
        int[] next = new int[slots.length * 2];
        int mask = next.length - 1;
        for (int id = 0; id < size; id++) {
            int i = hashes[id] & mask;
            while (next[i] != 0) {
                i = (i + 1) & mask;
            }
            next[i] = id + 1;
        }
        slots = next;
    }

    private static int hash(byte[] buf, int from, int to) {
        int len = to - from;
        long h = len * 0x9E3779B97F4A7C15L;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            h = (h ^ (long) LONGS.get(buf, i)) * 0xC2B2AE3D27D4EB4FL;
        }
        for (; i < to; i++) {
            h = (h ^ buf[i]) * 0x100000001B3L;
        }
        h ^= h >>> 29;
        return (int) (h ^ (h >>> 32));
    }
}
