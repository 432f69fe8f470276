package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.CachePolicy;
import dev.paje.SyntheticTrace;
import dev.paje.TraceLoader;
import dev.paje.dump.DumpOptions;
import dev.paje.dump.DumpWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two-level block index ({@link BlockIndex}) with budgets of a few pages, so that its pages are
 * evicted, saved and read back all the time: rows written and rewritten read back right, the pages
 * in memory stay within the budget, and a sealed store read through a tiny index dumps the same.
 */
class BlockIndexTest {
    private static final long PAGE_BYTES = BlockIndex.PAGE * 12L + 64;

    @TempDir
    Path dir;

    @Test
    void rowsWrittenAndRewrittenReadBackThroughAThrashingIndex() throws IOException {
        int tables = 12;
        int perTable = 3 * BlockIndex.PAGE * Rows.BLOCK_ROWS / 2; // a page and a half each
        long indexBudget = 3 * PAGE_BYTES;
        try (StoreFile file = StoreFile.create(dir.resolve("store"), true, 64 << 10, indexBudget)) {
            Rows[] rows = new Rows[tables];
            long[][] expected = new long[tables][perTable];
            for (int t = 0; t < tables; t++) {
                rows[t] = new Rows(1, file);
            }
            long maxIndexBytes = 0;
            for (int r = 0; r < perTable; r++) {
                for (int t = 0; t < tables; t++) {
                    int row = rows[t].add();
                    expected[t][row] = t * 1_000_003L + row * 7L;
                    rows[t].set(row, 0, expected[t][row]);
                }
                maxIndexBytes = Math.max(maxIndexBytes, file.indexBytes());
            }
            Random random = new Random(5);
            for (int i = 0; i < 20_000; i++) { // old blocks are read back and saved again
                int t = random.nextInt(tables);
                int row = random.nextInt(perTable);
                expected[t][row] = random.nextLong();
                rows[t].set(row, 0, expected[t][row]);
                maxIndexBytes = Math.max(maxIndexBytes, file.indexBytes());
            }
            for (int t = 0; t < tables; t++) {
                for (int row = 0; row < perTable; row++) {
                    if (rows[t].get(row, 0) != expected[t][row]) {
                        throw new AssertionError("table " + t + " row " + row + ": " + rows[t].get(row, 0)
                                + " instead of " + expected[t][row]);
                    }
                }
                assertThat(rows[t].pageCount()).isEqualTo(2);
                assertThat(rows[t].pageSlots.length).as("heap index of a table: per page, not per block")
                        .isLessThanOrEqualTo(4);
            }
            assertThat(maxIndexBytes).as("index pages in memory").isLessThanOrEqualTo(indexBudget + PAGE_BYTES);
        }
    }

    @Test
    void aSealedStoreReadThroughATinyIndexDumpsTheSame() throws Exception {
        Path trace = SyntheticTrace.write(dir.resolve("t.trace"), 2, 2, 40_000, 9);
        Path cache = dir.resolve("cache");
        TraceLoader.Loaded loaded = TraceLoader.builder().cache(new CachePolicy(true, 0, cache)).build().load(trace);
        assertThat(loaded.valid()).isTrue();
        String expected = dump(loaded.trace());
        int largest = 0;
        for (EntityTable table : StoreTables.all(loaded.trace())) {
            largest = Math.max(largest, table.rows.pageCount());
        }
        assertThat(largest).as("some table spans several index pages").isGreaterThan(1);
        loaded.trace().close();
        Path store = StoreTables.onlyCacheFile(cache);
        String key = StoreMeta.info(store).key();
        StoreMeta.Opened opened = StoreMeta.open(store, key, true, 2 * PAGE_BYTES);
        try {
            assertThat(dump(opened.trace())).isEqualTo(expected);
            assertThat(opened.trace().storeFile().indexBytes()).isLessThanOrEqualTo(3 * PAGE_BYTES);
        } finally {
            opened.trace().close();
        }
    }

    private static String dump(Trace trace) throws IOException {
        StringWriter out = new StringWriter();
        new DumpWriter(new DumpOptions(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, true, 6, true, true))
                .write(trace, out);
        return out.toString();
    }
}
