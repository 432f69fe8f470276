package dev.paje.read;

/**
 * Layout of a staged record in {@link ChunkTokenizer}'s {@code long[]}: {@link #STRIDE} longs per
 * record (48 bytes), so that reordering a record reads one or two cache lines, not thirteen columns.
 * Its definition, container and user fields are kept apart (small or rarely read arrays). Two ints
 * share a long as {@link #pair}: the first in the low half.
 */
final class Records {
    static final int STRIDE = 6;
    /** Offset of the line in the chunk, and its 0-based number in the chunk. */
    static final int AT = 0;
    static final int TIME = 1;
    static final int NUMBER = 2;
    static final int TYPE_CONTAINER = 3;
    static final int VALUE_OTHER = 4;
    /** Start and end of the key token, or -1 (no key). */
    static final int KEY = 5;

    private Records() {
    }

    static long pair(int low, int high) {
        return (low & 0xFFFFFFFFL) | (long) high << 32;
    }
}
