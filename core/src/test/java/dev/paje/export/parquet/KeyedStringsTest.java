package dev.paje.export.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Strings named by a key ({@code RowSink.string(key, s)}) give the same file as the strings alone: across pages,
 * row groups (each with its own dictionary) and a dictionary that overflows into PLAIN pages.
 */
class KeyedStringsTest {
    @Test
    void keyedStringsWriteTheSameBytes() throws IOException {
        for (long seed = 1; seed <= 4; seed++) {
            for (ParquetOptions options : List.of(ParquetOptions.DEFAULT, ParquetOptions.DEFAULT.withSizes(700, 100),
                    ParquetOptions.DEFAULT.withCodec(Codec.NONE).withSizes(5_000, 333))) {
                assertThat(write(options, seed, true)).as("seed %d, %s", seed, options).isEqualTo(write(options, seed, false));
            }
        }
    }

    @Test
    void aDictionaryOverflowingIntoPlainPagesWritesTheSameBytes() throws IOException {
        // more distinct strings than a dictionary takes (65,536): the chunk goes on in PLAIN pages
        ParquetOptions options = ParquetOptions.DEFAULT.withCodec(Codec.NONE);
        assertThat(write(options, 9, true, 80_000, 200_000)).isEqualTo(write(options, 9, false, 80_000, 200_000));
    }

    private static byte[] write(ParquetOptions options, long seed, boolean keyed) throws IOException {
        return write(options, seed, keyed, 40, 20_000);
    }

    private static byte[] write(ParquetOptions options, long seed, boolean keyed, int distinct, int rows) throws IOException {
        Random random = new Random(seed);
        String[] names = new String[distinct];
        for (int i = 0; i < distinct; i++) {
            names[i] = i % 7 == 3 ? null : "name-" + (i % 5 == 0 ? i / 5 : i); // equal strings under different keys too
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ParquetWriter w = new ParquetWriter(out, List.of(Column.string("name"), Column.integer("n"), Column.string("other")), options)) {
            for (int r = 0; r < rows; r++) {
                int k = random.nextInt(10) < 7 ? r % distinct : random.nextInt(distinct);
                String other = "o" + random.nextInt(3);
                if (keyed) {
                    w.string(k, names[k]).integer(r).string(other);
                } else {
                    w.string(names[k]).integer(r).string(other);
                }
                w.endRow();
            }
        }
        return out.toByteArray();
    }
}
