package dev.paje.export.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** BYTE_STREAM_SPLIT by 8 x 8 transposes gives byte k of value i at k * n + i, whatever n. */
class SplitBytesTest {
    @Test
    void everyByteLandsInItsStream() {
        Random random = new Random(8);
        for (int round = 0; round < 300; round++) {
            int n = random.nextInt(100);
            long[] values = new long[n + 3];
            for (int i = 0; i < values.length; i++) {
                values[i] = random.nextLong();
            }
            ByteSink out = new ByteSink(16);
            out.put(0x55); // something before: the streams start where they are appended
            int at = ColumnChunk.splitBytes(values, n, out);
            assertThat(at).isEqualTo(1);
            assertThat(out.size()).isEqualTo(1 + 8 * n);
            byte[] expected = new byte[8 * n];
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < 8; k++) {
                    expected[k * n + i] = (byte) (values[i] >>> (8 * k));
                }
            }
            assertThat(Arrays.copyOfRange(out.array(), 1, out.size())).as("n = %d", n).isEqualTo(expected);
        }
    }
}
