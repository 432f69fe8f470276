package dev.paje.spark;

/**
 * An entity line's key in the shuffle, packed in one long: its part (the partition, high 24 bits) then
 * its byte offset (low 40 bits), so keys sort by offset within a part and Spark shuffles them as plain
 * longs (Kryo, no key objects).
 */
final class PartKey {
    static final int OFFSET_BITS = 40;
    /** The largest trace whose offsets fit (1 TiB). */
    static final long MAX_BYTES = 1L << OFFSET_BITS;
    /** The most parts whose numbers fit. */
    static final int MAX_PARTS = 1 << (63 - OFFSET_BITS);

    private PartKey() {
    }

    static long of(int part, long offset) {
        return ((long) part << OFFSET_BITS) | offset;
    }

    static int part(long key) {
        return (int) (key >>> OFFSET_BITS);
    }

    static long offset(long key) {
        return key & (MAX_BYTES - 1);
    }
}
