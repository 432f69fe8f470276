package dev.paje.server;

import java.util.Arrays;

/** Sums of doubles by non-negative long key, open addressing, no boxing; cleared and reused. */
final class LongDoubleMap {
    private static final long EMPTY = -1;
    private long[] keys = new long[16];
    private double[] values = new double[16];
    private int size;

    LongDoubleMap() {
        Arrays.fill(keys, EMPTY);
    }

    void add(long key, double v) {
        if ((size + 1) * 2 > keys.length) {
            grow();
        }
        int i = slot(key, keys);
        if (keys[i] == EMPTY) {
            keys[i] = key;
            values[i] = v;
            size++;
        } else {
            values[i] += v;
        }
    }

    double get(long key) {
        int i = slot(key, keys);
        return keys[i] == EMPTY ? 0 : values[i];
    }

    /** The keys present, in no order. */
    long[] keys() {
        long[] out = new long[size];
        int n = 0;
        for (long k : keys) {
            if (k != EMPTY) {
                out[n++] = k;
            }
        }
        return out;
    }

    void clear() {
        if (size > 0) {
            Arrays.fill(keys, EMPTY);
            size = 0;
        }
    }

    private static int slot(long key, long[] keys) {
        int mask = keys.length - 1;
        int i = (int) (mix(key) & mask);
        while (keys[i] != EMPTY && keys[i] != key) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private static long mix(long k) {
        k *= 0x9E3779B97F4A7C15L;
        return k ^ (k >>> 29);
    }

    private void grow() {
        long[] oldKeys = keys;
        double[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new double[oldKeys.length * 2];
        Arrays.fill(keys, EMPTY);
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != EMPTY) {
                int i = slot(oldKeys[j], keys);
                keys[i] = oldKeys[j];
                values[i] = oldValues[j];
            }
        }
    }
}
