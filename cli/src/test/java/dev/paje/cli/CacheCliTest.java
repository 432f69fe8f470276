package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code paje cache info|clear}, and the warning a damaged cache gives before it is rebuilt. */
class CacheCliTest {
    @TempDir
    Path dir;

    private Path cachedTrace() throws IOException {
        Path trace = dir.resolve("hello.trace");
        Files.copy(Path.of("../examples/hello.trace"), trace);
        return trace;
    }

    private Path[] caches(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> p.toString().contains(".pjcache")).toArray(Path[]::new);
        }
    }

    @Test
    void infoListsStatesAndClearRemoves() throws IOException {
        Path trace = cachedTrace();
        Path cache = dir.resolve("cache");
        assertThat(CliRun.run("dump", "--cache-min-size", "0", "--cache-dir", cache.toString(), trace.toString()).exit())
                .isZero();
        assertThat(caches(cache)).hasSize(1);
        CliRun.Result info = CliRun.run("cache", "info", "--cache-dir", cache.toString(), trace.toString());
        assertThat(info.exit()).isZero();
        assertThat(info.out()).startsWith("ok").contains(caches(cache)[0].toString()).contains("lines")
                .contains("1 cache file");

        // a damaged cache is listed as such, warned about on use, and rebuilt
        try (var ch = java.nio.channels.FileChannel.open(caches(cache)[0], StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap(new byte[4096]), 0);
        }
        assertThat(CliRun.run("cache", "info", cache.toString()).out()).startsWith("damaged");
        CliRun.Result dump = CliRun.run("dump", "--cache-min-size", "0", "--cache-dir", cache.toString(), trace.toString());
        assertThat(dump.exit()).isZero();
        assertThat(dump.err()).contains("paje: warning: the cache").contains("is damaged").contains("rebuilding it");
        assertThat(dump.out()).isEqualTo(CliRun.run("dump", "--no-cache", trace.toString()).out());
        assertThat(CliRun.run("cache", "info", cache.toString()).out()).startsWith("ok");

        // a changed trace makes it stale; a leftover of a killed writer is unfinished
        Files.writeString(trace, Files.readString(trace).replace("14 3.0 p2 MEM 300", "14 3.0 p2 MEM 301"));
        Files.writeString(cache.resolve(caches(cache)[0].getFileName() + ".tmp-1-2"), "partial");
        CliRun.Result stale = CliRun.run("cache", "info", cache.toString());
        assertThat(stale.out()).contains("stale").contains("unfinished").contains("2 cache files");

        CliRun.Result clear = CliRun.run("cache", "clear", cache.toString());
        assertThat(clear.exit()).isZero();
        assertThat(clear.out()).contains("2 cache files removed");
        assertThat(caches(cache)).isEmpty();
        assertThat(CliRun.run("cache", "info", cache.toString()).out()).isEqualTo("no cache\n");
    }

    @Test
    void wrongUsageIsExitTwo() {
        CliRun.Result r = CliRun.run("cache", "list");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("expected 'info' or 'clear', found 'list'");
        assertThat(CliRun.run("cache", "info", dir.resolve("nope").toString()).exit()).isEqualTo(2);
    }
}
