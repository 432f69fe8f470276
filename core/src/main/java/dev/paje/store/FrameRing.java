package dev.paje.store;

import java.util.Arrays;

/**
 * The frames a budget holds, and the clock that picks which to drop: a frame touched since the
 * hand last passed gets a second chance, and so does a table's current block (hits on it skip
 * the clock: its next use marks it touched). Shared by the writer's pool and the readers' cache.
 */
final class FrameRing {
    private Frame[] ring = new Frame[1024];
    private int count;
    private int hand;
    private long bytes;

    long bytes() {
        return bytes;
    }

    int count() {
        return count;
    }

    Frame get(int i) {
        return ring[i];
    }

    void add(Frame f) {
        if (count == ring.length) {
            ring = Arrays.copyOf(ring, count * 2);
        }
        ring[count++] = f;
        bytes += f.data.length * 8L;
    }

    /** Removes and returns the frame the clock picks; its table forgets it. */
    Frame evict() {
        while (true) {
            // back to 0 once past the end, without a branch: the first wrap comes well after the first eviction, and
            // that branch, compiled as never taken, trapped and recompiled the pool's inlined eviction (LogCompilation)
            hand &= (hand - count) >> 31;
            Frame f = ring[hand];
            if (f.used) {
                f.used = false;
                hand++;
                continue;
            }
            if (f.owner.dropLast(f)) {
                hand++;
                continue;
            }
            removeAt(hand);
            return f;
        }
    }

    /** Removes frame {@code i} (the last one takes its place); its table forgets it. */
    void removeAt(int i) {
        Frame f = ring[i];
        f.owner.forget(f);
        ring[i] = ring[--count];
        ring[count] = null;
        bytes -= f.data.length * 8L;
    }

    /** Forgets every frame. */
    void clear() {
        for (int i = 0; i < count; i++) {
            ring[i].owner.forget(ring[i]);
            ring[i] = null;
        }
        count = 0;
        bytes = 0;
    }
}
