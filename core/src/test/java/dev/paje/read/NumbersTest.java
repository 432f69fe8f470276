package dev.paje.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Numbers#parse} reads what {@link Double#parseDouble} reads, on its fast and its slow path. */
class NumbersTest {
    private static double parse(String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        return Numbers.parse(b, 0, b.length);
    }

    @Test
    void negativeNumbersWithManyDigitsKeepTheirSign() {
        // 17 significant digits take the slow path; its sign used to be applied twice
        assertThat(parse("-1.4551915228366852e-10")).isEqualTo(-1.4551915228366852e-10);
        assertThat(parse("-0.30000000000000004")).isEqualTo(-0.30000000000000004);
        assertThat(parse("+0.30000000000000004")).isEqualTo(0.30000000000000004);
        assertThat(parse("-1e-300")).isEqualTo(-1e-300);
    }

    @Test
    void randomDoublesReadBackExactly() {
        Random random = new Random(42);
        for (int i = 0; i < 100_000; i++) {
            double x = Double.longBitsToDouble(random.nextLong());
            if (!Double.isFinite(x)) {
                continue;
            }
            String text = Double.toString(x);
            assertThat(parse(text)).as(text).isEqualTo(x);
        }
    }

    @Test
    void signsSurviveTheFallbackForLongNumbers() {
        assertThat(parse("-0.0008299999999989748")).isEqualTo(-0.0008299999999989748);
        assertThat(parse("+0.0008299999999989748")).isEqualTo(0.0008299999999989748);
        assertThat(parse("-1.5")).isEqualTo(-1.5);
        assertThat(parse("-12345678901234567890")).isEqualTo(-12345678901234567890.0);
    }
}
