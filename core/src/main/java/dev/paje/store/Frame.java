package dev.paje.store;

/**
 * One block of a table's rows in memory: {@link Rows#BLOCK_ROWS} rows of longs. While writing, a
 * frame of the writer's {@link BlockPool} (dirty until written to its slot); once the store is
 * sealed, a copy held by the {@link BlockCache}, whose array is reused for another block once the frame
 * is {@link #retired}. {@code data} is final so that a frame handed between threads by a data race is
 * still seen whole.
 */
final class Frame {
    final Rows owner;
    final int block;
    final long[] data;
    /** Written since it was last saved to its slot (writing phase only). */
    boolean dirty;
    /** Touched since the eviction clock last passed (racy on purpose: a hint). */
    boolean used = true;
    /**
     * Evicted from the {@link BlockCache}, its array handed to another block: set before the array is
     * written again, so a reader that finds it still false after reading from {@code data} read this block.
     */
    volatile boolean retired;

    Frame(Rows owner, int block, long[] data) {
        this.owner = owner;
        this.block = block;
        this.data = data;
    }
}
