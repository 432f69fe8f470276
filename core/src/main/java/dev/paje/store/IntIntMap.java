package dev.paje.store;

import java.util.Arrays;

/** Open-addressing map from int keys to int values (-1 = absent); no boxing on the hot path. */
public final class IntIntMap {
    private long[] entries = new long[16]; // key << 32 | value, EMPTY when free
    private static final long EMPTY = Long.MIN_VALUE;
    private int size;

    public IntIntMap() {
        Arrays.fill(entries, EMPTY);
    }

    public int get(int key) {
        long e = entries[slot(key)];
        return e == EMPTY ? -1 : (int) e;
    }

    public void put(int key, int value) {
        int i = slot(key);
        boolean added = entries[i] == EMPTY;
        entries[i] = ((long) key << 32) | (value & 0xFFFFFFFFL);
        if (added && ++size * 2 > entries.length) {
            grow();
        }
    }

    /** Where {@code key} is, or the free slot where it goes: its home slot, or the first free or holding it after. */
    private int slot(int key) {
        int mask = entries.length - 1;
        int i = mix(key) & mask;
        while (true) {
            long e = entries[i];
            if (e == EMPTY || (int) (e >>> 32) == key) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /** Removes {@code key} if present (backward-shift deletion keeps probe chains intact). */
    public void remove(int key) {
        int i = slot(key);
        if (entries[i] == EMPTY) {
            return;
        }
        int mask = entries.length - 1;
        size--;
        int hole = i;
        int j = i;
        while (true) {
            j = (j + 1) & mask;
            long e = entries[j];
            if (e == EMPTY) {
                break;
            }
            int home = mix((int) (e >>> 32)) & mask;
            // move e into the hole unless its home lies cyclically in (hole, j]
            boolean inRange = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
            if (!inRange) {
                entries[hole] = e;
                hole = j;
            }
        }
        entries[hole] = EMPTY;
    }

    public int size() {
        return size;
    }

    private void grow() {
        long[] old = entries;
        entries = new long[old.length * 2];
        Arrays.fill(entries, EMPTY);
        size = 0;
        for (long e : old) {
            if (e != EMPTY) {
                put((int) (e >>> 32), (int) e);
            }
        }
    }

    private static int mix(int key) {
        int h = key * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
