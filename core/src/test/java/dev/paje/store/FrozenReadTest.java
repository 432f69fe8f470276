package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows written while the file is frozen (a progressive seal's aggregates, {@link Pyramid#copy}) are read by other
 * threads as soon as they are published, while the sealing thread goes on appending: their blocks may still be in the
 * staging buffer (or its background write), and none may be left in the writer's pool, whose eviction would leave a
 * reader with no resident frame and no slot yet (a spurious "damaged" store, which the viewer then deleted).
 */
class FrozenReadTest {
    @TempDir
    Path dir;

    private static long value(int table, int row, int field) {
        return CacheRecyclingTest.value(table, row, field);
    }

    /** Heap rows of {@code stride} holding {@code n} rows of table {@code t}'s values. */
    private static Rows onHeap(int t, int stride, int n) {
        Rows r = new Rows(stride);
        for (int i = 0; i < n; i++) {
            int row = r.add();
            for (int f = 0; f < stride; f++) {
                r.set(row, f, value(t, row, f));
            }
        }
        return r;
    }

    private static void check(Rows r, int t, long[] buf) {
        for (int i = 0; i < r.size(); ) {
            int m = r.copy(i, r.size() - i, buf);
            for (int j = 0; j < m; j++) {
                for (int f = 0; f < r.stride(); f++) {
                    if (buf[j * r.stride() + f] != value(t, i + j, f)) {
                        throw new AssertionError("table " + t + " row " + (i + j) + " field " + f);
                    }
                }
            }
            i += m;
        }
    }

    @Test
    void rowsCopiedAfterTheFreezeAreReadAheadFromTheStagingBuffer() throws Exception {
        StoreFile file = StoreFile.create(dir.resolve("staged"), false);
        try {
            Rows before = new Rows(2, file);
            before.add(1, 2);
            file.freeze();
            // ten whole blocks and a part: appended to the staging buffer, not in the file yet
            Rows copied = Pyramid.copy(onHeap(7, 2, 10 * Rows.BLOCK_ROWS + 5), file, new long[2 * Rows.BLOCK_ROWS]);
            copied.readAhead(0, copied.size()); // a stretch of blocks: one positional read
            check(copied, 7, new long[Rows.BLOCK_ROWS * Rows.MAX_STRIDE]);
        } finally {
            file.close();
        }
    }

    @Test
    void rowsCopiedAfterTheFreezeHaveEveryBlockInTheFileNotInTheWritersPool() throws Exception {
        StoreFile file = StoreFile.create(dir.resolve("pool"), false);
        try {
            new Rows(3, file).add(1, 2, 3);
            file.freeze();
            Rows copied = Pyramid.copy(onHeap(3, 3, 2 * Rows.BLOCK_ROWS + 40), file, new long[3 * Rows.BLOCK_ROWS]);
            for (int b = 0; b < copied.blockCount(); b++) {
                assertThat(copied.resident(b)).as("block %d in the writer's pool", b).isNull();
            }
            check(copied, 3, new long[Rows.BLOCK_ROWS * Rows.MAX_STRIDE]);
        } finally {
            file.close();
        }
    }

    /**
     * A reader on another thread reads each table the sealing thread publishes (read ahead, then copied), while that
     * thread goes on copying others with a small writer's pool and staging buffers that fill and flush in the
     * background: every row read is the one written, and nothing is taken for damage.
     */
    @Test
    void aReaderOfPublishedRowsWhileTheWriterAppendsReadsWhatWasWritten() throws Exception {
        StoreFile file = StoreFile.create(dir.resolve("race"), false, 4L << 20, 1L << 20);
        int tables = 600;
        List<Rows> published = new ArrayList<>();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        try {
            new Rows(1, file).add();
            file.freeze();
            Thread reader = new Thread(() -> {
                long[] buf = new long[Rows.BLOCK_ROWS * Rows.MAX_STRIDE];
                try {
                    for (int t = 0; t < tables; ) {
                        Rows r;
                        synchronized (published) {
                            while (published.size() <= t) {
                                published.wait();
                            }
                            r = published.get(t);
                        }
                        r.readAhead(0, r.size());
                        check(r, t, buf);
                        t++;
                    }
                } catch (Throwable e) {
                    failed.set(e);
                }
            }, "reader");
            reader.setDaemon(true);
            reader.start();
            for (int t = 0; t < tables && failed.get() == null; t++) {
                int stride = 1 + t % Rows.MAX_STRIDE;
                int rows = (t % 5) * Rows.BLOCK_ROWS + 1 + (t * 37) % (Rows.BLOCK_ROWS - 1);
                Rows r = Pyramid.copy(onHeap(t, stride, rows), file, new long[stride * Rows.BLOCK_ROWS]);
                synchronized (published) {
                    published.add(r);
                    published.notifyAll();
                }
            }
            reader.join(60_000);
            if (failed.get() != null) {
                throw new AssertionError("the reader failed", failed.get());
            }
            assertThat(reader.isAlive()).isFalse();
        } finally {
            file.close();
        }
    }
}
