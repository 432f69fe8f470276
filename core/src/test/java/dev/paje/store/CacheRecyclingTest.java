package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The readers' cache hands the arrays of evicted blocks to the next blocks it reads: with a cache of a few
 * blocks and several threads reading tables of several strides at random, every value read is the one written
 * (a reader whose block was recycled under it reads again), by a field or a block's rows at a time, and arrays
 * were indeed recycled.
 */
class CacheRecyclingTest {
    @TempDir
    Path dir;

    /** A field's value, different for every (table, row, field): what the tests write and check they read back. */
    static long value(int table, int row, int field) {
        long x = (table * 1_000_003L + row) * 31 + field;
        x ^= x >>> 17;
        return x * 0x9E3779B97F4A7C15L;
    }

    @Test
    void concurrentReadersOfATinyCacheReadWhatWasWritten() throws Exception {
        StoreFile file = StoreFile.create(dir.resolve("store"), false);
        List<Rows> tables = new ArrayList<>();
        for (int t = 0; t < 12; t++) {
            Rows r = new Rows(1 + t % Rows.MAX_STRIDE, file);
            int n = (3 + t) * Rows.BLOCK_ROWS + t * 7;
            for (int i = 0; i < n; i++) {
                int row = r.add();
                for (int f = 0; f < r.stride(); f++) {
                    r.set(row, f, value(t, row, f));
                }
            }
            tables.add(r);
        }
        file.freeze(); // reads now go through the readers' cache
        BlockCache cache = BlockCache.shared();
        long budget = cache.budget();
        long recycled = cache.recycled();
        cache.budget(6L * Rows.BLOCK_ROWS * 8 * 4); // a few blocks: almost every read evicts one
        int threads = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Long>> done = new ArrayList<>();
            for (int k = 0; k < threads; k++) {
                long seed = k;
                done.add(pool.submit(() -> {
                    Random rnd = new Random(seed);
                    long reads = 0;
                    for (int i = 0; i < 150_000; i++) {
                        int t = rnd.nextInt(tables.size());
                        Rows r = tables.get(t);
                        // runs along a few rows (the readers' way: the same block again and again), then a jump
                        int row = rnd.nextInt(r.size());
                        if (rnd.nextBoolean()) { // or a block's rows copied at once (the samplers' way)
                            long[] buf = new long[Rows.BLOCK_ROWS * r.stride()];
                            int m = r.copy(row, 8 + rnd.nextInt(300), buf);
                            for (int j = 0; j < m; j++) {
                                for (int f = 0; f < r.stride(); f++) {
                                    if (buf[j * r.stride() + f] != value(t, row + j, f)) {
                                        throw new AssertionError("copied table " + t + " row " + (row + j) + " field " + f);
                                    }
                                }
                            }
                            assertThat(m).isPositive().isLessThanOrEqualTo(Rows.BLOCK_ROWS - (row & (Rows.BLOCK_ROWS - 1)));
                            reads += m;
                            continue;
                        }
                        for (int j = 0; j < 8 && row + j < r.size(); j++) {
                            int f = rnd.nextInt(r.stride());
                            long v = r.get(row + j, f);
                            if (v != value(t, row + j, f)) {
                                throw new AssertionError("table " + t + " row " + (row + j) + " field " + f + ": " + v);
                            }
                            reads++;
                        }
                    }
                    return reads;
                }));
            }
            for (Future<Long> f : done) {
                assertThat(f.get()).isPositive();
            }
        } finally {
            pool.shutdown();
            cache.budget(budget);
        }
        assertThat(cache.recycled() - recycled).as("arrays recycled").isGreaterThan(10_000);
        file.thaw();
        file.close();
    }
}
