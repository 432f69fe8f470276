package dev.paje.imports.otf2;

import java.util.concurrent.ArrayBlockingQueue;

/**
 * Event batches the reader is done with, for the decoders to fill again: a batch is about a megabyte, and
 * allocating one per batch made the collector run full collections every half second in a 256 MB heap.
 * Bounded: a pool holds at most {@link #MAX} batches; more are left to the collector.
 */
final class BatchPool {
    static final int MAX = 64;
    private final ArrayBlockingQueue<EventBatch> free = new ArrayBlockingQueue<>(MAX);

    /** A batch emptied for {@code capacity} bytes, or null when none fits. */
    EventBatch take(int capacity) {
        EventBatch b = free.poll();
        if (b == null || !b.fits(capacity)) {
            return null;
        }
        b.reset();
        return b;
    }

    /** Gives back a batch no thread reads any more. */
    void give(EventBatch b) {
        free.offer(b);
    }
}
