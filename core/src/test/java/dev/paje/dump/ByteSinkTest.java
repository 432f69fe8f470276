package dev.paje.dump;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ByteSinkTest {

    private static String fixed(long scaled, int decimals) {
        return new ByteSink(16).fixed(scaled, decimals).toString();
    }

    @Test
    void fixedWritesTheScaledIntegerWithItsDecimals() {
        assertThat(fixed(0, 0)).isEqualTo("0");
        assertThat(fixed(0, 6)).isEqualTo("0.000000");
        assertThat(fixed(1, 9)).isEqualTo("0.000000001");
        assertThat(fixed(1_340_000, 6)).isEqualTo("1.340000");
        assertThat(fixed(99_999_999_999_999L, 6)).isEqualTo("99999999.999999");
        assertThat(fixed(100_000_000_000_000L, 6)).isEqualTo("100000000.000000"); // past eight integer digits
        assertThat(fixed(Long.MAX_VALUE, 0)).isEqualTo(Long.toString(Long.MAX_VALUE));
        assertThat(fixed(123_456_789_012L, 12)).isEqualTo("0.123456789012"); // more than nine decimals
    }

    @Test
    void fixedAgreesWithBigDecimalAtEveryMagnitudeAndPrecision() {
        SplittableRandom random = new SplittableRandom(7);
        ByteSink sink = new ByteSink(16);
        for (int i = 0; i < 300_000; i++) {
            long scaled = random.nextLong(0, Long.MAX_VALUE) >>> random.nextInt(0, 63);
            int decimals = random.nextInt(0, 13);
            sink.clear();
            sink.append('|').fixed(scaled, decimals).append('|');
            String expected = "|" + BigDecimal.valueOf(scaled, decimals).toPlainString() + "|";
            assertThat(sink.toString()).as("%d at %d decimals", scaled, decimals).isEqualTo(expected);
        }
    }

    @Test
    void eightDigitsAreTheDecimalDigitsOfEveryPowerOfTenBoundary() {
        for (int p = 1; p <= 100_000_000; p *= 10) {
            for (int v : new int[] {p - 1, p, p + 1}) {
                if (v < 100_000_000) {
                    long ascii = ByteSink.eightDigits(v);
                    byte[] bytes = new byte[8];
                    for (int k = 0; k < 8; k++) {
                        bytes[k] = (byte) (ascii >>> (8 * k));
                    }
                    assertThat(new String(bytes, java.nio.charset.StandardCharsets.US_ASCII))
                            .isEqualTo(String.format("%08d", v));
                }
            }
        }
    }
}
