package dev.paje.read;

/** A set of pairs of non-negative ints (open addressing on longs): a lookup per event without boxing. */
final class PairSet {
    private static final long EMPTY = -1;
    private long[] keys = filled(64);
    private int size;

    private static long[] filled(int n) {
        long[] a = new long[n];
        java.util.Arrays.fill(a, EMPTY);
        return a;
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 40) & mask;
    }

    boolean contains(int a, int b) {
        long key = (long) a << 32 | b;
        int mask = keys.length - 1;
        for (int i = slot(key, mask);; i = i + 1 & mask) {
            long k = keys[i];
            if (k == key) {
                return true;
            }
            if (k == EMPTY) {
                return false;
            }
        }
    }

    /** Adds the pair; always true (for use in conditions). */
    boolean add(int a, int b) {
        if (2 * (size + 1) > keys.length) {
            long[] old = keys;
            keys = filled(old.length * 2);
            for (long k : old) {
                if (k != EMPTY) {
                    insert(k);
                }
            }
        }
        if (insert((long) a << 32 | b)) {
            size++;
        }
        return true;
    }

    private boolean insert(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask);; i = i + 1 & mask) {
            if (keys[i] == key) {
                return false;
            }
            if (keys[i] == EMPTY) {
                keys[i] = key;
                return true;
            }
        }
    }
}
