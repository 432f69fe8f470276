package dev.paje.trace;

import java.util.Arrays;

/**
 * Links started and not yet ended, by (link type, container, key): an open-addressing hash set of
 * longs with linear probing, so checking a link allocates nothing (it grows, rarely, when half full).
 * Not thread-safe: used under the tracer's lock.
 */
final class PendingLinks {
    private long[] keys = new long[64];
    /** Link type index << 32 | container index, plus one; 0 marks an empty slot. */
    private long[] owners = new long[64];
    private int size;

    int size() {
        return size;
    }

    /** Adds the link; false when it is already pending. */
    boolean add(int linkType, int container, long key) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        long owner = owner(linkType, container);
        int i = find(owner, key);
        if (owners[i] != 0) {
            return false;
        }
        owners[i] = owner;
        keys[i] = key;
        size++;
        return true;
    }

    /** Removes the link; false when it was not pending. */
    boolean remove(int linkType, int container, long key) {
        int i = find(owner(linkType, container), key);
        if (owners[i] == 0) {
            return false;
        }
        owners[i] = 0;
        size--;
        int mask = keys.length - 1;
        for (int j = (i + 1) & mask; owners[j] != 0; j = (j + 1) & mask) { // backward shift: no tombstones
            int home = slot(owners[j], keys[j]);
            if (((j - home) & mask) >= ((j - i) & mask)) {
                owners[i] = owners[j];
                keys[i] = keys[j];
                owners[j] = 0;
                i = j;
            }
        }
        return true;
    }

    /** The slot holding the link, or the empty slot where it would go. */
    private int find(long owner, long key) {
        int mask = keys.length - 1;
        int i = slot(owner, key);
        while (owners[i] != 0 && (owners[i] != owner || keys[i] != key)) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private int slot(long owner, long key) {
        long h = (key ^ owner * 0x9E3779B97F4A7C15L) * 0xC2B2AE3D27D4EB4FL;
        return (int) (h ^ h >>> 32) & (keys.length - 1);
    }

    private static long owner(int linkType, int container) {
        return ((long) linkType << 32 | container) + 1;
    }

    private void grow() {
        long[] oldKeys = keys;
        long[] oldOwners = owners;
        keys = new long[oldKeys.length * 2];
        owners = new long[oldKeys.length * 2];
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldOwners[i] != 0) {
                int j = find(oldOwners[i], oldKeys[i]);
                owners[j] = oldOwners[i];
                keys[j] = oldKeys[i];
            }
        }
        Arrays.fill(oldOwners, 0);
    }
}
