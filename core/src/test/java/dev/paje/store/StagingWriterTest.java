package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Full staging buffers are written by a background thread while the writer goes on: blocks read back or saved
 * again while their buffer is still being written (a slow disk here) must read and stay as last written, and
 * the file must be the same bytes as one written with the writes kept waiting for.
 */
class StagingWriterTest {
    @TempDir
    Path dir;

    @AfterEach
    void fastDisk() {
        StagingWriter.beforeWrite = null;
    }

    @Test
    void blocksInFlightReadBackAndSavedAgainAsLastWritten() throws Exception {
        AtomicInteger writes = new AtomicInteger();
        StagingWriter.beforeWrite = () -> {
            writes.incrementAndGet();
            sleep(3);
        };
        for (long seed = 1; seed <= 3; seed++) {
            Path slow = dir.resolve("slow" + seed);
            check(seed, slow);
            StagingWriter.beforeWrite = null;
            Path fast = dir.resolve("fast" + seed);
            check(seed, fast);
            assertThat(Files.mismatch(slow, fast)).as("seed %d: the same bytes whatever the disk's speed", seed)
                    .isEqualTo(-1L);
            StagingWriter.beforeWrite = () -> {
                writes.incrementAndGet();
                sleep(3);
            };
        }
        assertThat(writes.get()).as("full buffers written in the background").isGreaterThan(6);
    }

    @Test
    void aFailedBackgroundWriteIsThrownToTheWriter() throws Exception {
        StagingWriter.beforeWrite = () -> {
            throw new UncheckedIOException(new IOException("No space left on device"));
        };
        StoreFile file = StoreFile.create(dir.resolve("full"), false, 16 * Rows.BLOCK_ROWS * 8 * 3, 1 << 16);
        List<Rows> rows = new ArrayList<>();
        for (int t = 0; t < 30; t++) {
            rows.add(new Rows(3, file));
        }
        // 3 MB of rows: full buffers go to the background writer, whose failure must reach this thread
        assertThatThrownBy(() -> {
            for (int k = 0; k < 130_000; k++) {
                rows.get(k % 30).add(k, k, k);
            }
            file.freeze();
        }).isInstanceOf(UncheckedIOException.class).hasRootCauseMessage("No space left on device");
        file.abandon();
        file.close();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** ~5 MB of rows in 30 tables through a pool of 16 blocks, changed near their end and anywhere, then sealed. */
    private void check(long seed, Path path) throws Exception {
        Random rnd = new Random(seed);
        StoreFile file = StoreFile.create(path, true, 16 * Rows.BLOCK_ROWS * 8 * 3, 1 << 16);
        int tables = 30;
        List<Rows> rows = new ArrayList<>();
        List<List<long[]>> model = new ArrayList<>();
        for (int t = 0; t < tables; t++) {
            rows.add(new Rows(3, file));
            model.add(new ArrayList<>());
        }
        for (int k = 0; k < 400_000; k++) {
            int t = rnd.nextInt(tables);
            Rows r = rows.get(t);
            List<long[]> m = model.get(t);
            int op = rnd.nextInt(8);
            if (op < 5 || m.isEmpty()) {
                long[] row = {rnd.nextLong(), rnd.nextLong(), rnd.nextLong()};
                assertThat(r.add(row[0], row[1], row[2])).isEqualTo(m.size());
                m.add(row);
            } else {
                int n = m.size();
                // a recent row (its block likely in the buffer being written), else any
                int row = op < 7 ? n - 1 - rnd.nextInt(Math.min(n, 2_000)) : rnd.nextInt(n);
                int field = rnd.nextInt(3);
                if (op == 5) {
                    long v = rnd.nextLong();
                    r.set(row, field, v);
                    m.get(row)[field] = v;
                } else {
                    assertThat(r.get(row, field)).as("seed %d table %d row %d", seed, t, row)
                            .isEqualTo(m.get(row)[field]);
                }
            }
        }
        file.freeze();
        for (int t = 0; t < tables; t++) {
            Rows r = rows.get(t);
            List<long[]> m = model.get(t);
            file.verify(r);
            for (int i = 0; i < m.size(); i++) {
                for (int f = 0; f < 3; f++) {
                    assertThat(r.get(i, f)).as("seed %d table %d row %d field %d", seed, t, i, f)
                            .isEqualTo(m.get(i)[f]);
                }
            }
        }
        file.thaw();
        file.close();
    }
}
