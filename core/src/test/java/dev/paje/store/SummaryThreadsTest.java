package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.CachePolicy;
import dev.paje.SyntheticTrace;
import dev.paje.TraceLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Summaries are built by several threads at once (from a frozen store) and copied into the file in
 * table order: the cache file is the same bytes whatever the thread count, and has summaries.
 */
class SummaryThreadsTest {
    @TempDir
    Path dir;

    @Test
    void theCacheFileIsTheSameWhateverTheThreadCount() throws IOException {
        Path trace = SyntheticTrace.write(dir.resolve("t.trace"), 4, 4, 3000, 17);
        byte[] one = cacheBytes(trace, 1);
        byte[] three = cacheBytes(trace, 3);
        assertThat(three.length).isEqualTo(one.length);
        assertThat(three).as("cache file bytes with 3 threads vs 1").isEqualTo(one);
    }

    private byte[] cacheBytes(Path trace, int threads) throws IOException {
        Path cache = dir.resolve("cache-" + threads);
        TraceLoader.Loaded loaded = TraceLoader.builder().threads(threads).summaries(true)
                .cache(new CachePolicy(true, 0, cache)).build().load(trace);
        assertThat(loaded.valid()).isTrue();
        assertThat(StoreTables.all(loaded.trace())).as("tables with a summary")
                .filteredOn(table -> table.pyramid != null).hasSizeGreaterThan(4);
        loaded.trace().close();
        return Files.readAllBytes(StoreTables.onlyCacheFile(cache));
    }
}
