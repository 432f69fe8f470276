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

    /** Times of traces (ticks over a power of ten) and values with few decimals take the fast path: same digits. */
    @Test
    void fewDecimalsAreTheShortestAndPlain() {
        assertThat(Shortest.format(0.004001)).isEqualTo("0.004001");
        assertThat(Shortest.format(4001000 / 1e9)).isEqualTo("0.004001");
        assertThat(Shortest.format(-123.5)).isEqualTo("-123.5");
        assertThat(Shortest.format(0.000001)).isEqualTo("0.000001");
        assertThat(Shortest.format(999999.999999999)).isEqualTo("999999.999999999");
        Random random = new Random(11);
        for (int i = 0; i < 200_000; i++) {
            int decimals = random.nextInt(10);
            long m = (long) (random.nextDouble() * Math.pow(10, 6 + decimals));
            double x = m / Math.pow(10, decimals) * (random.nextBoolean() ? 1 : -1);
            if (x == 0) {
                continue;
            }
            String s = Shortest.format(x);
            assertThat(Double.parseDouble(s)).as(s).isEqualTo(x);
            BigDecimal d = new BigDecimal(s);
            assertThat(s).as("plain, without trailing zeros").doesNotContain("e").isEqualTo(d.stripTrailingZeros().toPlainString());
            if (d.scale() > 0) {
                double shorter = d.setScale(d.scale() - 1, java.math.RoundingMode.HALF_EVEN).doubleValue();
                assertThat(shorter).as("one decimal less reads back otherwise: %s", s).isNotEqualTo(x);
            }
        }
    }
}
