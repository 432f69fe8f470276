package dev.paje.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Parts rendered into chunks read back byte for byte, across chunk edges, and splice into an array as byte arrays do. */
class ByteChunksTest {
    @Test
    void keepsEveryByteInOrderAcrossChunks() throws IOException {
        Random random = new Random(7);
        ByteChunks chunks = new ByteChunks();
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        while (expected.size() < 200_000) { // several chunks, writes of every size, some larger than a chunk
            byte[] b = new byte[random.nextInt(3) == 0 ? random.nextInt(70_000) : random.nextInt(100)];
            random.nextBytes(b);
            int off = b.length == 0 ? 0 : random.nextInt(b.length);
            if (random.nextBoolean() && b.length > 0) {
                chunks.write(b[0]);
                expected.write(b[0]);
            }
            chunks.write(b, off, b.length - off);
            expected.write(b, off, b.length - off);
        }
        ByteArrayOutputStream back = new ByteArrayOutputStream();
        chunks.writeTo(back);
        assertThat(chunks.size()).isEqualTo(expected.size());
        assertThat(back.toByteArray()).isEqualTo(expected.toByteArray());
    }

    @Test
    void releasedChunksServeLaterPartsWithoutTheirOldBytes() throws IOException {
        Random random = new Random(11);
        for (int round = 0; round < 20; round++) { // parts of 0 to 3 chunks, released after use, as an answer's are
            ByteChunks chunks = new ByteChunks();
            byte[] b = new byte[random.nextInt(100_000)];
            random.nextBytes(b);
            chunks.write(b, 0, b.length);
            ByteArrayOutputStream back = new ByteArrayOutputStream();
            chunks.writeTo(back);
            assertThat(back.toByteArray()).isEqualTo(b);
            chunks.release();
            assertThat(chunks.size()).isZero();
            ByteArrayOutputStream none = new ByteArrayOutputStream();
            chunks.writeTo(none);
            assertThat(none.size()).isZero();
        }
    }

    @Test
    void splicesLikeAByteArray() throws IOException {
        assertThat(spliced(true)).isEqualTo(spliced(false)).startsWith("[0,{\"a\":[1,2]},{\"a\":[1,2]}")
                .endsWith(",9]");
    }

    /** An array: 0, the part (60,000 objects: longer than a chunk), an empty part, 9. */
    private static String spliced(boolean chunked) throws IOException {
        ByteChunks chunks = new ByteChunks();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonOut p = new JsonOut(chunked ? chunks : bytes)) {
            for (int i = 0; i < 60_000; i++) {
                p.beginObject().name("a").beginArray().value(1).value(2).endArray().endObject();
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonOut g = new JsonOut(out)) {
            g.beginArray().value(0);
            if (chunked) {
                g.splice(chunks).splice(new ByteChunks());
            } else {
                g.splice(bytes.toByteArray()).splice(new byte[0]);
            }
            g.value(9).endArray();
        }
        return out.toString(StandardCharsets.US_ASCII);
    }
}
