package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paje.CachePolicy;
import dev.paje.TraceLoader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The viewer opens a cache without reading every block; a block that does not match its checksum
 * is found by the request that reads it: a clear error (or, once the answer has started, a cut one),
 * and the cache is removed so that the next start rebuilds it. Starting reads no entity block.
 */
class DamagedCacheApiTest {
    @TempDir
    Path dir;

    /** Writes the example (without its links when asked), caches it and damages every block. */
    private Path damagedCache(Path trace, boolean links, CachePolicy policy) throws Exception {
        String text = Files.readString(Path.of("../examples/hello.trace"));
        if (!links) {
            text = text.lines().filter(l -> !l.startsWith("17 ") && !l.startsWith("18 "))
                    .collect(Collectors.joining("\n", "", "\n"));
        }
        Files.writeString(trace, text);
        assertThat(TraceLoader.builder().cache(policy).build().load(trace).fromCache()).isFalse();
        Path cache;
        try (Stream<Path> files = Files.list(dir.resolve("cache"))) {
            List<Path> all = files.filter(p -> p.getFileName().toString().startsWith(
                    "" + p.getFileName().toString().substring(0, 12)) && p.toString().contains(trace.getFileName().toString()))
                    .toList();
            assertThat(all).hasSize(1);
            cache = all.get(0);
        }
        try (FileChannel ch = FileChannel.open(cache, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer head = ByteBuffer.allocate(24).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            ch.read(head, 0);
            long metaAt = head.getLong(16);
            for (long at = 4096 + 8; at < metaAt; at += 1024) { // every block of every table
                ch.write(ByteBuffer.wrap(new byte[] {0x55, 0x55, 0x55, 0x55}), at);
            }
        }
        return cache;
    }

    @Test
    void aDamagedBlockReadByARequestGivesAClearErrorAndRemovesTheCache() throws Exception {
        Path trace = dir.resolve("hello.trace");
        CachePolicy policy = new CachePolicy(true, 0, dir.resolve("cache"));
        Path cache = damagedCache(trace, true, policy);
        TraceLoader.Loaded loaded = TraceLoader.builder().cache(policy).verifyCache(false).build().load(trace);
        assertThat(loaded.fromCache()).as("only the metadata is checked on opening").isTrue();
        ViewerServer server = ViewerServer.start(loaded, "hello.trace", "127.0.0.1", 0, "/static-fixture");
        try {
            Api api = new Api(server);
            StringBuilder all = new StringBuilder();
            for (int c = 0; c < loaded.trace().containers().size(); c++) {
                all.append(c == 0 ? "" : ",").append(c);
            }
            Api.Answer a = api.get("/api/window?start=0&end=4&width=800&containers=" + all);
            if (a.status() == 200) {
                // answers are streamed: the damage was found after the head was sent, so the body is cut short
                assertThatThrownBy(() -> Api.JSON.readTree(a.text())).as("a cut answer never parses");
            } else {
                assertThat(a.status()).isEqualTo(500);
                assertThat(a.text()).contains("is damaged").contains("does not match its checksum")
                        .contains("restart paje view to rebuild it");
            }
            long deadline = System.nanoTime() + 10_000_000_000L; // the server removes it as the answer ends
            while (Files.exists(cache) && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(cache).doesNotExist();
        } finally {
            server.close();
        }
        TraceLoader.Loaded rebuilt = TraceLoader.builder().cache(policy).build().load(trace);
        assertThat(rebuilt.fromCache()).isFalse();
        assertThat(rebuilt.valid()).isTrue();
    }
}
