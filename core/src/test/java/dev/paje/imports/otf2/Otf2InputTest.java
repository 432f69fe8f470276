package dev.paje.imports.otf2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paje.imports.ImportException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The buffer layer on hand-made bytes: both byte orders, compressed integers, chunk ends, truncation. */
class Otf2InputTest {
    @TempDir
    Path dir;

    /** A compressed unsigned integer as OTF2 writes it: 0 and all ones in one byte, else a length and the low bytes. */
    private static void compressed(ByteArrayOutputStream b, long v, boolean little) {
        if (v == 0 || v == -1) {
            b.write((int) v & 0xff);
            return;
        }
        int n = 8 - Long.numberOfLeadingZeros(v) / 8;
        b.write(n);
        fixed(b, v, n, little);
    }

    private static void fixed(ByteArrayOutputStream b, long v, int n, boolean little) {
        for (int i = 0; i < n; i++) {
            int shift = little ? 8 * i : 8 * (n - 1 - i);
            b.write((int) (v >>> shift) & 0xff);
        }
    }

    private static void header(ByteArrayOutputStream b, boolean little) {
        b.write(Otf2Input.CHUNK_HEADER);
        b.write(little ? 0x42 : 0x23);
        fixed(b, 1, 8, little);
        fixed(b, 0, 8, little);
    }

    @Test
    void bothByteOrdersReadTheSameValuesAcrossChunks() throws IOException, ImportException {
        Random random = new Random(17);
        long[] values = new long[3000];
        for (int i = 0; i < values.length; i++) {
            values[i] = switch (i % 4) {
                case 0 -> random.nextInt(256);
                case 1 -> random.nextLong();
                case 2 -> -1;
                default -> random.nextLong() >>> random.nextInt(64);
            };
        }
        int chunk = 256;
        for (boolean little : new boolean[] {true, false}) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            header(b, little);
            for (long v : values) {
                // a record: a timestamp (type 5, 8 fixed bytes) then an unknown record of type 100 with the value
                ByteArrayOutputStream r = new ByteArrayOutputStream();
                r.write(Otf2Input.TIMESTAMP);
                fixed(r, v, 8, little);
                r.write(100);
                ByteArrayOutputStream data = new ByteArrayOutputStream();
                compressed(data, v, little);
                r.write(data.size());
                r.writeBytes(data.toByteArray());
                if (b.size() % chunk + r.size() >= chunk) {
                    while (b.size() % chunk != 0) {
                        b.write(Otf2Input.END_OF_CHUNK);
                    }
                    header(b, little);
                }
                b.writeBytes(r.toByteArray());
            }
            b.write(Otf2Input.END_OF_FILE);
            Path f = Files.write(dir.resolve(little + ".evt"), b.toByteArray());
            try (Otf2Input in = new Otf2Input(f, chunk, 64)) {
                for (long v : values) {
                    assertThat(in.recordType()).isEqualTo(Otf2Input.TIMESTAMP);
                    assertThat(in.u64full()).isEqualTo(v);
                    assertThat(in.recordType()).isEqualTo(100);
                    long end = in.recordLength() + in.offset();
                    assertThat(in.cu64()).isEqualTo(v);
                    assertThat(in.offset()).isEqualTo(end);
                }
                assertThat(in.recordType()).isEqualTo(-1);
            }
        }
    }

    @Test
    void signedCompressedIntegersKeepTheirSign() throws IOException, ImportException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        header(b, false);
        b.write(8);
        fixed(b, -5, 8, false); // int64 -5: all eight bytes
        b.write(4);
        fixed(b, 0x80000000L, 4, false); // int64 2^31: four bytes, positive
        b.write(4);
        fixed(b, -7 & 0xffffffffL, 4, false); // int32 -7
        Path f = Files.write(dir.resolve("signed.def"), b.toByteArray());
        try (Otf2Input in = new Otf2Input(f, 1 << 20, 64)) {
            assertThat(in.ci64()).isEqualTo(-5);
            assertThat(in.ci64()).isEqualTo(0x80000000L);
            assertThat(in.ci32()).isEqualTo(-7);
        }
    }

    @Test
    void aBadByteOrderMarkIsNamedWithItsOffset() throws IOException {
        Path f = Files.write(dir.resolve("bad.evt"), new byte[] {3, 0x11, 0, 0});
        assertThatThrownBy(() -> new Otf2Input(f, 1 << 20, 64).close()).isInstanceOf(ImportException.class)
                .hasMessage("expected a byte-order mark (0x42 little or 0x23 big endian), found 0x11")
                .satisfies(e -> assertThat(((ImportException) e).offset()).isEqualTo(1));
    }

    @Test
    void aTruncatedStringIsNamed() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        header(b, true);
        b.writeBytes("unterminated".getBytes());
        Path f = Files.write(dir.resolve("s.def"), b.toByteArray());
        assertThatThrownBy(() -> {
            try (Otf2Input in = new Otf2Input(f, 1 << 20, 4)) {
                in.string();
            }
        }).isInstanceOf(ImportException.class).hasMessage("the file ends inside a string (truncated?)");
    }

    @Test
    void anEventRecordsBadLengthNamesItsType() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        header(b, true);
        b.write(10); // a record announcing 10 bytes
        b.write(1); // of which one is read, then two more, past its end
        b.write(2);
        Path f = Files.write(dir.resolve("long.evt"), b.toByteArray());
        assertThatThrownBy(() -> {
            try (Otf2Input in = new Otf2Input(f, 1 << 20, 64)) {
                in.recordEnd(18, "event record", 12);
            }
        }).isInstanceOf(ImportException.class)
                .hasMessage("event record 12 announces 10 bytes but the file has 2 left (truncated?)");
        assertThatThrownBy(() -> {
            try (Otf2Input in = new Otf2Input(f, 1 << 20, 64)) {
                long end = in.offset() + 1;
                in.u8();
                in.u8();
                in.endRecord(end, "event", 12);
            }
        }).isInstanceOf(ImportException.class)
                .hasMessage("event 12 record is longer than its announced length (1 bytes more)");
    }
}
