package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paje.CachePolicy;
import dev.paje.SyntheticTrace;
import dev.paje.TraceLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A progressive seal ({@link TraceLoader.Builder#summariesFirst}): the load returns with the first screen's
 * summaries written and the others still to come; a table asked for then is built next and waited for, and every
 * summary, the cache renamed once sealed and a reopen of it, are the same as after a seal that built them all first.
 */
class ProgressiveSealTest {
    @TempDir
    static Path dir;
    static Path trace;
    static TraceLoader.Loaded reference;

    @BeforeAll
    static void referenceLoad() throws IOException {
        trace = SyntheticTrace.write(dir.resolve("t.trace"), 4, 4, 3000, 17);
        reference = TraceLoader.builder().summaries(true).build().load(trace);
        assertThat(reference.valid()).isTrue();
    }

    @Test
    void aSummaryAskedForWhileHeldIsBuiltNextAndTheCacheIsRenamedOnceSealed() throws IOException, InterruptedException {
        Path cache = dir.resolve("cache-held");
        CountDownLatch hold = new CountDownLatch(1);
        TraceLoader.Loaded loaded = TraceLoader.builder().summaries(true).cache(new CachePolicy(true, 0, cache))
                .summariesFirst(1).summariesHeld(hold).build().load(trace);
        try {
            SummaryBuild build = loaded.trace().summaryBuild();
            assertThat(build).as("a build still under way").isNotNull();
            List<EntityTable> pending = StoreTables.all(loaded.trace()).stream().filter(t -> t.pending != null).toList();
            assertThat(pending).as("tables whose summary is held").hasSizeGreaterThan(2);
            assertThat(build.done()).isLessThan(build.total());
            assertThat(build.finished()).isFalse();
            assertThat(names(cache)).as("no cache file before the seal").allMatch(n -> n.contains(".tmp-"));

            EntityTable asked = pending.get(pending.size() - 1);
            Pyramid got = asked.pyramid(); // held: built next, for this reader
            assertThat(asked.pending).isNull();
            assertThat(got).isNotNull();
            sameSummaries(loaded.trace(), reference.trace(), true);
            assertThat(build.finished()).as("the others still held").isFalse();

            hold.countDown();
            build.awaitSealed();
            assertThat(build.done()).isEqualTo(build.total());
            sameSummaries(loaded.trace(), reference.trace(), false);
            for (int i = 0; i < 200 && !names(cache).stream().allMatch(n -> !n.contains(".tmp-")); i++) {
                Thread.sleep(25); // the rename follows the seal on the sealing thread
            }
            assertThat(names(cache)).as("the cache renamed into place").hasSize(1).noneMatch(n -> n.contains(".tmp-"));
        } finally {
            loaded.trace().close();
        }
        TraceLoader.Loaded reopened = TraceLoader.builder().summaries(true).cache(new CachePolicy(true, 0, cache))
                .build().load(trace);
        try {
            assertThat(reopened.fromCache()).isTrue();
            sameSummaries(reopened.trace(), reference.trace(), false);
        } finally {
            reopened.trace().close();
        }
    }

    @Test
    void aReaderWaitingForABuildThatFailsGetsAnErrorAndNoCacheIsLeft() throws IOException, InterruptedException {
        Path cache = dir.resolve("cache-closed");
        CountDownLatch hold = new CountDownLatch(1);
        TraceLoader.Loaded loaded = TraceLoader.builder().summaries(true).cache(new CachePolicy(true, 0, cache))
                .summariesFirst(1).summariesHeld(hold).build().load(trace);
        EntityTable held = StoreTables.all(loaded.trace()).stream().filter(t -> t.pending != null).findFirst().orElseThrow();
        loaded.trace().close(); // the viewer stopped while building
        assertThatThrownBy(held::pyramid).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("the summaries could not be built");
        assertThatThrownBy(() -> loaded.trace().summaryBuild().awaitSealed()).isInstanceOf(IOException.class);
        for (int i = 0; i < 200 && !names(cache).isEmpty(); i++) {
            Thread.sleep(25);
        }
        assertThat(names(cache)).as("the temporary store deleted, nothing renamed").isEmpty();
    }

    @Test
    void withoutTablesToSummarizeTheLoadIsSealedAtOnce() throws IOException {
        Path small = SyntheticTrace.write(dir.resolve("small.trace"), 2, 2, 10, 3);
        Path cache = dir.resolve("cache-small");
        TraceLoader.Loaded loaded = TraceLoader.builder().summaries(true).cache(new CachePolicy(true, 0, cache))
                .summariesFirst(1).build().load(small);
        try {
            loaded.trace().summaryBuild().awaitSealed();
            assertThat(loaded.trace().summaryBuild().total()).isZero();
        } finally {
            loaded.trace().close();
        }
    }

    /** Every table's summary in {@code a} is {@code b}'s, row for row ({@code builtOnly}: those written so far). */
    private static void sameSummaries(Trace a, Trace b, boolean builtOnly) {
        List<EntityTable> as = StoreTables.all(a);
        List<EntityTable> bs = StoreTables.all(b);
        assertThat(as).hasSameSizeAs(bs);
        int compared = 0;
        for (int i = 0; i < as.size(); i++) {
            if (builtOnly && as.get(i).pending != null) {
                continue;
            }
            Pyramid p = as.get(i).pyramid();
            Pyramid q = bs.get(i).pyramid();
            assertThat(p == null).as("table %d has a summary", i).isEqualTo(q == null);
            if (p == null) {
                continue;
            }
            compared++;
            assertThat(p.levels()).isEqualTo(q.levels());
            for (int k = 0; k < p.levels(); k++) {
                assertThat(p.width(k)).isEqualTo(q.width(k));
                sameRows(p.buckets[k], q.buckets[k]);
                if (p.longs != null) {
                    sameRows(p.longs[k], q.longs[k]);
                }
            }
        }
        assertThat(compared).isPositive();
    }

    private static void sameRows(Rows a, Rows b) {
        assertThat(a.size()).isEqualTo(b.size());
        for (int r = 0; r < a.size(); r++) {
            for (int f = 0; f < a.stride(); f++) {
                if (a.get(r, f) != b.get(r, f)) {
                    assertThat(a.get(r, f)).as("row %d field %d", r, f).isEqualTo(b.get(r, f));
                }
            }
        }
    }

    private static List<String> names(Path cache) throws IOException {
        if (!Files.isDirectory(cache)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(cache)) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }
}
