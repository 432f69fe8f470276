package dev.paje.imports.otf2;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Numbers written as digits are the strings the text would hold ({@link Long#toUnsignedString}). */
class DecimalTest {
    @Test
    void writesUnsignedDecimalLikeLongToUnsignedString() {
        Random random = new Random(17);
        byte[] out = new byte[24];
        long[] edges = {0, 1, 9, 10, 99, 100, 4096, Long.MAX_VALUE, Long.MIN_VALUE, -1, -10, 0xffffffffL};
        for (int i = 0; i < 20_000; i++) {
            long n = i < edges.length ? edges[i] : random.nextLong() >>> random.nextInt(64);
            int end = Decimal.write(n, out, 2);
            assertThat(new String(out, 2, end - 2, StandardCharsets.US_ASCII)).as("%x", n)
                    .isEqualTo(Long.toUnsignedString(n));
        }
    }
}
