package dev.paje.export.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The RLE / bit-packed hybrid encoder against a decoder written from the format's text (runs: a
 * varint header, RLE when its low bit is 0, else groups of 8 values packed least significant bit
 * first), on seeded random inputs mixing long runs, short runs and noise, at every bit width.
 */
class HybridTest {
    static int[] decode(byte[] b, int len, int n, int width) {
        int[] out = new int[n];
        int at = 0;
        int i = 0;
        while (i < n) {
            long header = 0;
            int shift = 0;
            int x;
            do {
                x = b[at++] & 0xFF;
                header |= (long) (x & 0x7F) << shift;
                shift += 7;
            } while ((x & 0x80) != 0);
            if ((header & 1) == 0) {
                int run = (int) (header >>> 1);
                int v = 0;
                for (int k = 0; k < (width + 7) / 8; k++) {
                    v |= (b[at++] & 0xFF) << (8 * k);
                }
                for (int k = 0; k < run; k++) {
                    out[i++] = v; // a run past n would throw: the encoder must not write one
                }
            } else {
                int values = (int) (header >>> 1) * 8;
                long acc = 0;
                int bits = 0;
                for (int k = 0; k < values; k++) {
                    while (bits < width) {
                        acc |= (long) (b[at++] & 0xFF) << bits;
                        bits += 8;
                    }
                    int v = (int) (acc & ((1L << width) - 1));
                    acc >>>= width;
                    bits -= width;
                    if (i < n) {
                        out[i++] = v;
                    }
                }
            }
        }
        assertThat(at).as("bytes read").isEqualTo(len);
        return out;
    }

    @Test
    void randomInputsRoundTripAtEveryWidth() {
        Random r = new Random(19);
        for (int trial = 0; trial < 2000; trial++) {
            int width = 1 + r.nextInt(20);
            int max = (1 << width) - 1;
            int n = r.nextInt(trial % 10 == 0 ? 5000 : 70);
            int[] values = new int[n];
            for (int i = 0; i < n; ) {
                int run = r.nextInt(4) == 0 ? 1 + r.nextInt(40) : 1;
                int v = r.nextInt(max + 1);
                for (int k = 0; k < run && i < n; k++) {
                    values[i++] = v;
                }
            }
            ByteSink out = new ByteSink(16);
            Hybrid.encode(values, n, width, out);
            int[] back = decode(out.array(), out.size(), n, width);
            assertThat(back).as("trial %d width %d: %s", trial, width, Arrays.toString(values)).isEqualTo(values);
        }
    }

    @Test
    void longRunsTakeAFewBytes() {
        int[] values = new int[100_000];
        Arrays.fill(values, 0, 60_000, 1);
        ByteSink out = new ByteSink(16);
        Hybrid.encode(values, values.length, 1, out);
        assertThat(out.size()).isLessThanOrEqualTo(8);
        assertThat(decode(out.array(), out.size(), values.length, 1)).isEqualTo(values);
    }

    @Test
    void widthCoversTheLargestValue() {
        assertThat(Hybrid.width(0)).isEqualTo(1);
        assertThat(Hybrid.width(1)).isEqualTo(1);
        assertThat(Hybrid.width(2)).isEqualTo(2);
        assertThat(Hybrid.width(255)).isEqualTo(8);
        assertThat(Hybrid.width(256)).isEqualTo(9);
    }
}
