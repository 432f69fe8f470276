package dev.paje.read;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The batches a reader has consumed, for its tokenizers to fill again: a chunk's bytes and its
 * thirteen columns are allocated once per batch in flight, not once per chunk (a 4 MB chunk of
 * short lines is ~150 000 records: ~10 MB to allocate and zero each time). The reader keeps a
 * bounded number of batches in flight, so the pool holds at most that many.
 */
final class BatchPool {
    private final ConcurrentLinkedQueue<Batch> free = new ConcurrentLinkedQueue<>();

    /**
     * An empty batch whose {@code data} holds at least {@code length} bytes (only those are to be read) and
     * {@link ChunkTokenizer#PAD} more, which the tokenizer overwrites.
     */
    Batch take(int length) {
        for (Batch b = free.poll(); b != null; b = free.poll()) {
            if (b.data.length - ChunkTokenizer.PAD >= length) {
                b.reset(b.data, length);
                return b;
            }
            // too small (the reader's first chunks are small ones): dropped, so that the pool holds no more
            // batches than the reader has in flight once its chunks are full-sized
        }
        return new Batch(bytes(length), length, 1); // the tokenizer sizes its columns
    }

    /** Room for a chunk: chunks of one file differ by up to a line, so a little more than asked. */
    private static byte[] bytes(int length) {
        return new byte[length + ChunkTokenizer.PAD + Math.min(length >>> 4, 1 << 16)];
    }

    /** Returns a batch the reader is done with (nothing of it is referenced any more). */
    void give(Batch b) {
        free.add(b);
    }
}
