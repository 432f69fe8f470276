package dev.paje.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.Corpus;
import dev.paje.Dumps;
import dev.paje.TraceLoader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The parallel reader gives the same trace wherever the chunk boundaries fall: at every byte of
 * small traces (inside quoted strings, comments, CRLF pairs…), on the file and the stream paths.
 */
class ChunkBoundaryTest {
    private static final Path EXAMPLE = Path.of("../examples/hello.trace");

    private static void sameAtEveryChunkSize(Path trace, int[] sizes) throws IOException {
        String expected = Dumps.plain(TraceLoader.builder().threads(1).build().load(trace));
        byte[] bytes = Files.readAllBytes(trace);
        for (int size : sizes) {
            for (int threads : new int[] {1, 2}) {
                TraceLoader loader = TraceLoader.builder().threads(threads).chunkSize(size).build();
                assertThat(Dumps.plain(loader.load(trace))).as("%s, chunks of %d bytes, %d threads", trace, size, threads)
                        .isEqualTo(expected);
            }
            TraceLoader loader = TraceLoader.builder().chunkSize(size).build();
            assertThat(Dumps.plain(loader.load(new ByteArrayInputStream(bytes), "stdin", trace.getParent())))
                    .as("%s from a stream, blocks of %d bytes", trace, size).isEqualTo(expected);
        }
    }

    @Test
    void bundledExampleAtEveryByte() throws IOException {
        int n = (int) Files.size(EXAMPLE);
        int[] sizes = new int[n + 1];
        for (int i = 0; i <= n; i++) {
            sizes[i] = i + 1;
        }
        sameAtEveryChunkSize(EXAMPLE, sizes);
    }

    @Test
    void quotedNamesWithSpacesAndHashesAtEveryByte(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        String header = Files.readString(EXAMPLE).lines().takeWhile(l -> !l.startsWith("0 "))
                .reduce("", (a, b) -> a + b + "\r\n");
        String body = String.join("\r\n",
                "0 M 0 \"Machine # 1\"",
                "0 T M \"Thread type\"",
                "1 S T \"Thread State\"",
                "6 0 m1 M 0 \"node #1, rack A\"   # a comment after the fields",
                "6 0 t1 T m1 \"P#0_T#9\"",
                "10 0 t1 S \"a value with # and spaces\"",
                "# a comment line",
                "",
                "\t11 1.5e-01\tt1 S   inner file.c 12   ",
                "12 0.25 t1 S",
                "7 1 M m1");
        Path trace = dir.resolve("quoted.trace");
        Files.writeString(trace, header + body); // CRLF everywhere and no final newline
        int n = (int) Files.size(trace);
        int[] sizes = new int[n];
        for (int i = 0; i < n; i++) {
            sizes[i] = i + 1;
        }
        sameAtEveryChunkSize(trace, sizes);
        String dump = Dumps.plain(TraceLoader.builder().build().load(trace));
        assertThat(dump).contains("\"P#0_T#9\"", "\"a value with # and spaces\"", "inner");
    }

    @Test
    void corpusTracesAtRandomChunkSizes() throws IOException {
        SplittableRandom random = new SplittableRandom(7);
        List<Path> traces = new ArrayList<>();
        for (Path t : Corpus.traces("valid")) {
            if (Files.size(t) < 1_000_000) {
                traces.add(t);
            }
        }
        for (Path t : traces) {
            int n = (int) Files.size(t);
            int[] sizes = new int[6];
            for (int i = 0; i < sizes.length; i++) {
                sizes[i] = 1 + random.nextInt(Math.max(1, n / (i + 1)));
            }
            sameAtEveryChunkSize(t, sizes);
        }
    }
}
