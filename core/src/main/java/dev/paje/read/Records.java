package dev.paje.read;

/**
 * Layout of a staged record in {@link ChunkTokenizer}'s {@code long[]}: {@link #STRIDE} longs per
 * record (32 bytes), so that reordering a record reads one cache line or two, not thirteen columns;
 * the fewer bytes, the fewer lines the reordering's scattered reads touch. Its definition, container,
 * other container, key and user fields are kept apart (small or rarely read arrays). Two ints share a
 * long as {@link #pair}: the first in the low half.
 */
final class Records {
    static final int STRIDE = 4;
    /** Offset of the line in the chunk, and its 0-based number in the chunk. */
    static final int AT = 0;
    static final int TIME = 1;
    static final int NUMBER = 2;
    static final int TYPE_VALUE = 3;

    private Records() {
    }

    static long pair(int low, int high) {
        return (low & 0xFFFFFFFFL) | (long) high << 32;
    }
}
