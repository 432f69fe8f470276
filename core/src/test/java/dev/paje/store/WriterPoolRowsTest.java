package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows on disk are written into the writer's pool, whose arrays are reused without being cleared:
 * whatever the mix of appends (a row of zeros, of two or three fields), changes and reads across
 * blocks and evictions from a tiny pool, every row reads back as written (compared with a plain
 * model), before and after a freeze.
 */
class WriterPoolRowsTest {
    @TempDir
    Path dir;

    @Test
    void randomWritesReadBackThroughBlocksAndEvictions() throws Exception {
        for (long seed = 1; seed <= 12; seed++) {
            check(seed);
        }
    }

    private void check(long seed) throws Exception {
        Random rnd = new Random(seed);
        // a pool of a few blocks: most writes to older rows read their block back from the file
        StoreFile file = StoreFile.create(dir.resolve("s" + seed), false, 16 * Rows.BLOCK_ROWS * 8 * 3, 1 << 16);
        int tables = 1 + rnd.nextInt(40);
        List<Rows> rows = new ArrayList<>();
        List<List<long[]>> model = new ArrayList<>();
        for (int t = 0; t < tables; t++) {
            rows.add(new Rows(2 + rnd.nextInt(3), file));
            model.add(new ArrayList<>());
        }
        int ops = 20_000 + rnd.nextInt(20_000);
        for (int k = 0; k < ops; k++) {
            int t = rnd.nextInt(tables);
            Rows r = rows.get(t);
            List<long[]> m = model.get(t);
            int op = rnd.nextInt(10);
            if (op < 6 || m.isEmpty()) {
                long[] row = new long[r.stride()];
                int at;
                if (op == 0) {
                    at = r.add();
                } else if (op < 3 || r.stride() != 3) {
                    row[0] = rnd.nextLong();
                    row[1] = rnd.nextLong();
                    at = r.add(row[0], row[1]);
                } else {
                    for (int f = 0; f < 3; f++) {
                        row[f] = rnd.nextLong();
                    }
                    at = r.add(row[0], row[1], row[2]);
                }
                assertThat(at).isEqualTo(m.size());
                m.add(row);
            } else {
                // mostly recent rows (closing a state), sometimes any older one (a link completed late)
                int n = m.size();
                int row = rnd.nextBoolean() ? n - 1 - rnd.nextInt(Math.min(n, 12)) : rnd.nextInt(n);
                int field = rnd.nextInt(r.stride());
                if (op < 8) {
                    long v = rnd.nextLong();
                    r.set(row, field, v);
                    m.get(row)[field] = v;
                } else {
                    assertThat(r.get(row, field)).as("seed %d table %d row %d", seed, t, row)
                            .isEqualTo(m.get(row)[field]);
                }
            }
        }
        file.freeze(); // stages and pool saved; reads now go through the readers' cache
        for (int t = 0; t < tables; t++) {
            Rows r = rows.get(t);
            List<long[]> m = model.get(t);
            assertThat(r.size()).isEqualTo(m.size());
            file.verify(r);
            for (int i = 0; i < m.size(); i++) {
                for (int f = 0; f < r.stride(); f++) {
                    assertThat(r.get(i, f)).as("seed %d table %d row %d field %d", seed, t, i, f)
                            .isEqualTo(m.get(i)[f]);
                }
            }
        }
        file.thaw();
        file.close();
    }
}
