package dev.paje.store;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Interned names: every distinct byte string read from a trace gets a small dense id, so the
 * simulator resolves types, containers and values with array lookups and no String per field.
 */
public final class Names {
    private int[] slots = new int[1 << 12]; // id + 1, 0 = empty
    private int[] hashes = new int[1 << 10];
    private byte[][] bytes = new byte[1 << 10][];
    private String[] strings = new String[1 << 10];
    private int size;

    /** Returns the id of {@code buf[from, to)}, adding it when new. */
    public int intern(byte[] buf, int from, int to) {
        int h = hash(buf, from, to);
        int mask = slots.length - 1;
        int i = h & mask;
        while (true) {
            int slot = slots[i];
            if (slot == 0) {
                return add(buf, from, to, h, i);
            }
            int id = slot - 1;
            if (hashes[id] == h && Arrays.equals(bytes[id], 0, bytes[id].length, buf, from, to)) {
                return id;
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
        int h = hash(buf, from, to);
        int mask = slots.length - 1;
        int i = h & mask;
        while (true) {
            int slot = slots[i];
            if (slot == 0) {
                return -1;
            }
            int id = slot - 1;
            if (hashes[id] == h && Arrays.equals(bytes[id], 0, bytes[id].length, buf, from, to)) {
                return id;
            }
            i = (i + 1) & mask;
        }
    }

    public String get(int id) {
        return strings[id];
    }

    public int size() {
        return size;
    }

    private int add(byte[] buf, int from, int to, int h, int slot) {
        int id = size++;
        if (id == strings.length) {
            int n = strings.length * 2;
            hashes = Arrays.copyOf(hashes, n);
            bytes = Arrays.copyOf(bytes, n);
            strings = Arrays.copyOf(strings, n);
        }
        hashes[id] = h;
        bytes[id] = Arrays.copyOfRange(buf, from, to);
        strings[id] = new String(buf, from, to - from, StandardCharsets.UTF_8);
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
        int h = 0x9E3779B9;
        for (int i = from; i < to; i++) {
            h = (h ^ buf[i]) * 0x01000193;
        }
        return h ^ (h >>> 16);
    }
}
