package dev.paje.export.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * Pages compressed segment by segment (deflated, or stored when the probe shows noise) are single
 * standard GZIP members that the JDK's inflater reads back byte for byte.
 */
class CompressorTest {
    private static byte[] gunzip(ByteSink packed) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(Arrays.copyOf(packed.array(), packed.size())))) {
            return in.readAllBytes();
        }
    }

    private static ByteSink page(byte[] bytes) {
        ByteSink raw = new ByteSink(bytes.length);
        raw.put(bytes, 0, bytes.length);
        return raw;
    }

    @Test
    void randomMixesOfNoiseAndRepetitionRoundTrip() throws IOException {
        Random random = new Random(19);
        Compressor c = new Compressor(Codec.GZIP);
        try {
            for (int round = 0; round < 200; round++) {
                int n = 1 + random.nextInt(9);
                int[] ends = new int[n];
                ByteSink raw = new ByteSink(16);
                for (int s = 0; s < n; s++) {
                    // empty, within the probe, or past it and past a stored block's 65,535 bytes
                    int len = switch (random.nextInt(4)) {
                        case 0 -> 0;
                        case 1 -> random.nextInt(Compressor.PROBE);
                        default -> random.nextInt(150_000);
                    };
                    boolean noise = random.nextBoolean();
                    for (int i = 0; i < len; i++) {
                        raw.put(noise ? random.nextInt(256) : (i / 64) % 7);
                    }
                    ends[s] = raw.size();
                }
                byte[] expected = Arrays.copyOf(raw.array(), raw.size());
                assertThat(gunzip(c.compress(raw, ends, n))).as("round %d", round).isEqualTo(expected);
            }
        } finally {
            c.close();
        }
    }

    @Test
    void noiseIsStoredAndRepetitionDeflated() throws IOException {
        Random random = new Random(7);
        byte[] noise = new byte[200_000];
        random.nextBytes(noise);
        byte[] runs = new byte[200_000];
        for (int i = 0; i < runs.length; i++) {
            runs[i] = (byte) (i / 100);
        }
        Compressor c = new Compressor(Codec.GZIP);
        try {
            ByteSink packedNoise = c.compress(page(noise));
            int storedSize = packedNoise.size();
            assertThat(gunzip(packedNoise)).isEqualTo(noise);
            // stored past the probe: the page costs its bytes plus a few per 64 KiB block, never more
            assertThat(storedSize).isBetween(noise.length, noise.length + 200);
            ByteSink packedRuns = c.compress(page(runs));
            assertThat(packedRuns.size()).isLessThan(runs.length / 20);
            assertThat(gunzip(packedRuns)).isEqualTo(runs);
        } finally {
            c.close();
        }
    }

    @Test
    void uncompressedIsTheRawPage() {
        ByteSink raw = page(new byte[] {1, 2, 3});
        assertThat(new Compressor(Codec.NONE).compress(raw)).isSameAs(raw);
    }
}
