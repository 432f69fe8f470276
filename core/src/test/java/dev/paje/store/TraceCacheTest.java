package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.CachePolicy;
import dev.paje.Corpus;
import dev.paje.Dumps;
import dev.paje.TraceLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A trace reopened from its binary cache is the same trace; a stale or foreign cache is ignored. */
class TraceCacheTest {
    @TempDir
    Path dir;

    private TraceLoader loader(boolean legacy) {
        return TraceLoader.builder().legacyNames(legacy).cache(new CachePolicy(true, 0, dir.resolve("cache"))).build();
    }

    @Test
    void everyValidCorpusTraceRoundTrips() throws IOException {
        for (Path trace : Corpus.traces("valid")) {
            Path copy = dir.resolve(trace.getFileName());
            Files.copy(trace, copy);
            TraceLoader.Loaded first = loader(false).load(copy);
            if (!first.valid() || !first.warnings().isEmpty()) {
                continue; // only clean reads are cached
            }
            TraceLoader.Loaded again = loader(false).load(copy);
            assertThat(first.fromCache()).isFalse();
            assertThat(again.fromCache()).as("%s reopened from its cache", trace).isTrue();
            assertThat(Dumps.full(again)).as("%s from the cache", trace).isEqualTo(Dumps.full(first));
            assertThat(again.lines()).isEqualTo(first.lines());
            assertThat(again.events()).isEqualTo(first.events());
            assertThat(again.trace().end()).isEqualTo(first.trace().end());
        }
    }

    @Test
    void userFieldsAndExampleRoundTrip() throws IOException {
        Path copy = dir.resolve("hello.trace");
        Files.copy(Path.of("../examples/hello.trace"), copy);
        String fresh = Dumps.full(loader(false).load(copy));
        TraceLoader.Loaded again = loader(false).load(copy);
        assertThat(again.fromCache()).isTrue();
        assertThat(Dumps.full(again)).isEqualTo(fresh).contains("main.c, 42");
    }

    @Test
    void changedTraceOrOtherOptionsMissTheCache() throws IOException {
        Path copy = dir.resolve("hello.trace");
        Files.copy(Path.of("../examples/hello.trace"), copy);
        loader(false).load(copy);
        assertThat(loader(false).load(copy).fromCache()).isTrue();
        assertThat(loader(true).load(copy).fromCache()).as("other options").isFalse();
        Files.writeString(copy, Files.readString(copy).replace("14 3.0 p2 MEM 300", "14 3.0 p2 MEM 301"));
        Files.setLastModifiedTime(copy, FileTime.fromMillis(System.currentTimeMillis() + 5000));
        TraceLoader.Loaded changed = loader(false).load(copy);
        assertThat(changed.fromCache()).as("changed trace").isFalse();
        assertThat(Dumps.full(changed)).contains("301.000000");
    }

    @Test
    void corruptCacheIsIgnored() throws IOException {
        Path copy = dir.resolve("hello.trace");
        Files.copy(Path.of("../examples/hello.trace"), copy);
        String fresh = Dumps.full(loader(false).load(copy));
        try (var files = Files.list(dir.resolve("cache"))) {
            for (Path c : files.toList()) {
                byte[] b = Files.readAllBytes(c);
                Files.write(c, java.util.Arrays.copyOf(b, b.length / 2));
            }
        }
        TraceLoader.Loaded again = loader(false).load(copy);
        assertThat(Dumps.full(again)).isEqualTo(fresh);
    }

    @Test
    void invalidTracesAreNotCached() throws IOException {
        Path bad = dir.resolve("bad.trace");
        Files.writeString(bad, Files.readString(Path.of("../examples/hello.trace")) + "12 9 t11 S\n12 9.5 t11 S\n");
        assertThat(loader(false).load(bad).valid()).isFalse();
        assertThat(loader(false).load(bad).fromCache()).isFalse();
    }
}
