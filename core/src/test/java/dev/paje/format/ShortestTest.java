package dev.paje.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Shortest}: reads back to the same double, and is never longer than Java's own digits. */
class ShortestTest {
    @Test
    void knownValues() {
        assertThat(Shortest.format(0.1 + 0.2)).isEqualTo("0.30000000000000004");
        assertThat(Shortest.format(100)).isEqualTo("100");
        assertThat(Shortest.format(-2.5)).isEqualTo("-2.5");
        assertThat(Shortest.format(1e-7)).isEqualTo("1e-7");
        assertThat(Shortest.format(1.5e-8)).isEqualTo("1.5e-8");
        assertThat(Shortest.format(1e21)).isEqualTo("1e21");
        assertThat(Shortest.format(-0.0)).isEqualTo("-0");
        // Java 17 prints 2.82879384806159008E17: one digit too many
        assertThat(Shortest.format(2.82879384806159E17)).isEqualTo("282879384806159000");
    }

    @Test
    void randomDoublesRoundTripWithNoMoreDigitsThanJava() {
        Random random = new Random(7);
        for (int i = 0; i < 200_000; i++) {
            double x = i % 2 == 0 ? Double.longBitsToDouble(random.nextLong()) : random.nextDouble() * 1000;
            if (!Double.isFinite(x)) {
                continue;
            }
            String s = Shortest.format(x);
            assertThat(Double.parseDouble(s)).as(s).isEqualTo(x);
            int ours = new BigDecimal(s).stripTrailingZeros().precision();
            int javas = new BigDecimal(Double.toString(x)).stripTrailingZeros().precision();
            assertThat(ours).as("%s vs %s", s, Double.toString(x)).isLessThanOrEqualTo(javas);
        }
    }
}
