package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table keeps no block array once the writer's pool has let go of it: a store of many tables (a summary's
 * levels are tables too) would otherwise hold one block per table after sealing, which filled a 256 MB viewer's
 * heap after a 1 GB first load (OutOfMemoryError in its window answers).
 */
class RowsReleaseTest {
    @TempDir
    Path dir;

    @Test
    void tablesLetGoOfTheirBlocksWhenThePoolDoes() throws Exception {
        // a pool of a few blocks for 50 tables: most tables' blocks are evicted while written, the rest at the flush
        StoreFile file = StoreFile.create(dir.resolve("s"), false, 8 * Rows.BLOCK_ROWS * 8 * 3, 1 << 16);
        List<Rows> tables = new ArrayList<>();
        for (int t = 0; t < 50; t++) {
            tables.add(new Rows(2 + t % 3, file));
        }
        for (int k = 0; k < 40_000; k++) {
            Rows r = tables.get((k * 7919) % tables.size());
            r.add(k, k + 1L);
        }
        assertThat(tables).anyMatch(Rows::holdsWriteArray); // the ones in the pool now
        file.freeze();
        assertThat(tables).noneMatch(Rows::holdsWriteArray);
        // reads after the flush go through the readers' cache and write nothing
        int first = 0;
        while ((first * 7919) % tables.size() != 3) {
            first++;
        }
        assertThat(tables.get(3).get(0, 0)).isEqualTo(first); // its first row, written at k = first
        assertThat(tables).noneMatch(Rows::holdsWriteArray);
    }
}
