package dev.paje.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Chunks} cuts a file into contiguous chunks, each ending just after the first newline at or past its
 * size (or at the end of the file), the first ones growing from the first size by doubling; seeded random files.
 */
class ChunksTest {

    @Test
    void chunksEndAtTheFirstNewlinePastTheirSizeAndGrowByDoubling(@TempDir Path dir) throws IOException {
        SplittableRandom random = new SplittableRandom(13);
        for (int round = 0; round < 200; round++) {
            byte[] bytes = randomLines(random, random.nextInt(0, 30_000));
            Path file = dir.resolve("t" + round);
            Files.write(file, bytes);
            int chunk = random.nextInt(1, 9000);
            int first = random.nextInt(1, chunk + 1);
            List<Long> ends = cut(file, chunk, first);
            String what = "round " + round + ": " + bytes.length + " bytes, chunks " + chunk + " from " + first;
            long start = 0;
            long target = first;
            for (int k = 0; k < ends.size(); k++) {
                long end = ends.get(k);
                long expected = start + target;
                while (expected < bytes.length && bytes[(int) expected] != '\n') {
                    expected++;
                }
                expected = Math.min(bytes.length, expected + 1);
                assertThat(end).as(what + ", chunk " + k).isEqualTo(expected);
                start = end;
                target = Math.min(chunk, 2 * target);
            }
            assertThat(start).as(what).isEqualTo(bytes.length);
            assertThat(ends).as(what).isNotEmpty();
        }
    }

    @Test
    void anEmptyFileIsOneEmptyChunkAndAFileWithoutNewlinesOneChunk(@TempDir Path dir) throws IOException {
        Path empty = Files.write(dir.resolve("empty"), new byte[0]);
        assertThat(cut(empty, 10, 1)).containsExactly(0L);
        Path oneLine = Files.write(dir.resolve("one"), "12345678901234567890".getBytes());
        assertThat(cut(oneLine, 4, 2)).containsExactly(20L);
        try (FileChannel channel = FileChannel.open(oneLine, StandardOpenOption.READ)) {
            assertThat(Chunks.bounds(channel, 20, 4)).containsExactly(0, 20);
        }
    }

    @Test
    void boundsAreTheChunksOfOneSize(@TempDir Path dir) throws IOException {
        Path file = Files.write(dir.resolve("lines"), "ab\ncdef\ng\nhijkl\n\nm\n".getBytes());
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            assertThat(Chunks.bounds(channel, channel.size(), 3)).containsExactly(0, 8, 16, 19);
        }
        assertThat(cut(file, 3, 1)).containsExactly(3L, 8L, 16L, 19L);
    }

    private static List<Long> cut(Path file, int chunk, int first) throws IOException {
        List<Long> ends = new ArrayList<>();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            Chunks cuts = new Chunks(channel, channel.size(), chunk, first);
            for (long end = cuts.next(); end >= 0; end = cuts.next()) {
                ends.add(end);
            }
            assertThat(cuts.next()).isEqualTo(-1);
        }
        return ends;
    }

    /** Lines of 0 to 60 bytes, sometimes one of 5,000 (longer than the probe); the last newline may be missing. */
    private static byte[] randomLines(SplittableRandom random, int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) ('a' + random.nextInt(26));
        }
        int i = 0;
        while (i < size) {
            i += random.nextInt(100) == 0 ? 5000 : random.nextInt(0, 61);
            if (i < size) {
                b[i++] = '\n';
            }
        }
        return b;
    }
}
