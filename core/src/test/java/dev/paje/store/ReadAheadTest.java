package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows read ahead ({@link Rows#readAhead}: stretches of blocks, one positional read per stretch of slots that follow
 * each other) read what was written, with a tiny cache evicting them meanwhile; a table written alone is read in
 * fewer reads than blocks; a damaged block in a stretch is reported, never read.
 */
class ReadAheadTest {
    @TempDir
    Path dir;

    private static long value(int table, int row, int field) {
        return CacheRecyclingTest.value(table, row, field);
    }

    /** Tables 0..count-1, of strides 1..MAX_STRIDE; {@code interleaved}: their rows written in turns (slots mixed). */
    private static List<Rows> write(StoreFile file, int count, int blocks, boolean interleaved) {
        List<Rows> tables = new ArrayList<>();
        for (int t = 0; t < count; t++) {
            tables.add(new Rows(1 + t % Rows.MAX_STRIDE, file));
        }
        int rows = blocks * Rows.BLOCK_ROWS + 17;
        for (int t = 0; t < count; t++) {
            for (int i = 0; i < rows; i++) {
                for (int u = interleaved ? 0 : t; u < (interleaved ? count : t + 1); u++) {
                    Rows r = tables.get(u);
                    if (r.size() == i) {
                        int row = r.add();
                        for (int f = 0; f < r.stride(); f++) {
                            r.set(row, f, value(u, row, f));
                        }
                    }
                }
            }
        }
        return tables;
    }

    @Test
    void readAheadReadsWhatWasWrittenWhileATinyCacheEvicts() throws Exception {
        StoreFile file = StoreFile.create(dir.resolve("store"), false);
        List<Rows> tables = write(file, 10, 40, true);
        file.freeze();
        BlockCache cache = BlockCache.shared();
        long budget = cache.budget();
        cache.budget(48L * Rows.BLOCK_ROWS * 8 * 4); // a few dozen blocks: stretches evict each other
        try {
            Random rnd = new Random(5);
            long[] buf = new long[Rows.BLOCK_ROWS * Rows.MAX_STRIDE];
            for (int round = 0; round < 2_000; round++) {
                int t = rnd.nextInt(tables.size());
                Rows r = tables.get(t);
                int from = rnd.nextInt(r.size());
                int n = rnd.nextInt(rnd.nextBoolean() ? 300 : 30 * Rows.BLOCK_ROWS);
                r.readAhead(from, n);
                for (int i = from; i < Math.min(r.size(), from + n); ) {
                    int m = r.copy(i, from + n - i, buf);
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
        } finally {
            cache.budget(budget);
            file.close();
        }
    }

    @Test
    void aTableWrittenAloneIsReadAStretchAtATime() throws Exception {
        StoreFile file = StoreFile.create(dir.resolve("alone"), false);
        List<Rows> tables = write(file, 3, 64, false);
        file.freeze();
        try {
            Rows r = tables.get(2);
            long[] before = BlockCache.reads();
            r.readAhead(0, r.size());
            long[] after = BlockCache.reads();
            long blocks = after[0] - before[0];
            long reads = after[3] - before[3];
            assertThat(blocks).as("blocks read").isEqualTo(65);
            assertThat(reads).as("positional reads").isLessThanOrEqualTo((65 + StoreFile.RUN_BLOCKS - 1) / StoreFile.RUN_BLOCKS + 2);
            for (int row = 0; row < r.size(); row += 97) {
                assertThat(r.get(row, 1)).isEqualTo(value(2, row, 1));
            }
            assertThat(BlockCache.reads()[0]).as("nothing read again").isEqualTo(after[0]);
        } finally {
            file.close();
        }
    }

    @Test
    void aDamagedBlockInAStretchIsReported() throws IOException {
        Path path = dir.resolve("damaged");
        StoreFile file = StoreFile.create(path, true);
        List<Rows> tables = write(file, 1, 8, false);
        file.freeze();
        Rows r = tables.get(0);
        // the bytes of row 5 * BLOCK_ROWS + 3 (stride 1: its one field), found in the file and changed
        long target = value(0, 5 * Rows.BLOCK_ROWS + 3, 0);
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer all = ByteBuffer.allocate((int) ch.size()).order(ByteOrder.LITTLE_ENDIAN);
            ch.read(all, 0);
            int at = -1;
            for (int i = 0; i + 8 <= all.capacity() && at < 0; i += 8) {
                if (all.getLong(i) == target) {
                    at = i;
                }
            }
            assertThat(at).as("the row's bytes in the file").isNotNegative();
            ch.write(ByteBuffer.wrap(new byte[] {(byte) (all.get(at) ^ 0x10)}), at);
        }
        try {
            assertThatThrownBy(() -> r.readAhead(0, r.size())).isInstanceOf(StoreDamagedException.class)
                    .hasMessageContaining("block 5").hasMessageContaining("checksum");
        } finally {
            file.close();
        }
    }
}
