package dev.paje.dump;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CFormatTest {

    @Test
    void fixedMatchesPrintfOnKnownValues() {
        assertThat(CFormat.fixed(0, 6)).isEqualTo("0.000000");
        assertThat(CFormat.fixed(1.34, 6)).isEqualTo("1.340000");
        assertThat(CFormat.fixed(-0.0, 6)).isEqualTo("-0.000000");
        assertThat(CFormat.fixed(2.5, 0)).isEqualTo("2");      // ties to even, as glibc
        assertThat(CFormat.fixed(1.5, 0)).isEqualTo("2");
        assertThat(CFormat.fixed(0.125, 2)).isEqualTo("0.12"); // exact binary tie
        assertThat(CFormat.fixed(2249999872.0, 6)).isEqualTo("2249999872.000000");
        assertThat(CFormat.fixed(1e20, 3)).isEqualTo("100000000000000000000.000");
        assertThat(CFormat.fixed(Double.NaN, 6)).isEqualTo("nan");
        assertThat(CFormat.fixed(4.0000005, 6)).isEqualTo("4.000000"); // the double is 4.000000499999...
        assertThat(CFormat.fixed(0.0000015, 6)).isEqualTo(new BigDecimal(0.0000015).setScale(6, RoundingMode.HALF_EVEN).toPlainString());
    }

    @Test
    void fixedAgreesWithExactDecimalRoundingOnRandomValues() {
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 200_000; i++) {
            double x = random.nextDouble() * Math.pow(10, random.nextInt(-7, 12)) * (random.nextBoolean() ? 1 : -1);
            int precision = random.nextInt(0, 10);
            String expected = new BigDecimal(Math.abs(x)).setScale(precision, RoundingMode.HALF_EVEN).toPlainString();
            if (x < 0) {
                expected = "-" + expected;
            }
            assertThat(CFormat.fixed(x, precision)).as("%s at precision %d", x, precision).isEqualTo(expected);
        }
    }

    @Test
    void generalMatchesCppStreamDefault() {
        assertThat(CFormat.general(0)).isEqualTo("0");
        assertThat(CFormat.general(1.34)).isEqualTo("1.34");
        assertThat(CFormat.general(4.48514)).isEqualTo("4.48514");
        assertThat(CFormat.general(40704.5)).isEqualTo("40704.5");
        assertThat(CFormat.general(123456.5)).isEqualTo("123456");
        assertThat(CFormat.general(1234567)).isEqualTo("1.23457e+06");
        assertThat(CFormat.general(2e6)).isEqualTo("2e+06");
        assertThat(CFormat.general(1e-5)).isEqualTo("1e-05");
        assertThat(CFormat.general(0.0001)).isEqualTo("0.0001");
        assertThat(CFormat.general(-3)).isEqualTo("-3");
        assertThat(CFormat.general(0.019788)).isEqualTo("0.019788");
    }
}
