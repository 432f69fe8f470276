package dev.paje.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Schubfach} against a slow reference written with BigDecimal from the definition: the
 * fewest significant digits that read back to the double, and among those the closest to it
 * (ties to an even last digit); printed in {@link Shortest}'s notation.
 */
class SchubfachTest {
    @Test
    void logarithmApproximationsAreExactOverTheRangeUsed() {
        for (int q = -1100; q <= 1000; q++) {
            BigDecimal p = pow2(q);
            int k = Schubfach.flog10pow2(q);
            assertThat(BigDecimal.ONE.scaleByPowerOfTen(k).compareTo(p)).as("q=%d", q).isLessThanOrEqualTo(0);
            assertThat(BigDecimal.ONE.scaleByPowerOfTen(k + 1).compareTo(p)).as("q=%d", q).isGreaterThan(0);
            BigDecimal threeQuarters = p.multiply(new BigDecimal("0.75"));
            int k34 = Schubfach.flog10threeQuartersPow2(q);
            assertThat(BigDecimal.ONE.scaleByPowerOfTen(k34).compareTo(threeQuarters)).isLessThanOrEqualTo(0);
            assertThat(BigDecimal.ONE.scaleByPowerOfTen(k34 + 1).compareTo(threeQuarters)).isGreaterThan(0);
        }
        for (int e = -330; e <= 330; e++) {
            BigDecimal p = BigDecimal.ONE.scaleByPowerOfTen(e);
            int b = Schubfach.flog2pow10(e);
            assertThat(pow2(b).compareTo(p)).as("e=%d", e).isLessThanOrEqualTo(0);
            assertThat(pow2(b + 1).compareTo(p)).as("e=%d", e).isGreaterThan(0);
        }
    }

    @Test
    void edgeCasesMatchTheReference() {
        double[] edges = {Double.MIN_VALUE, 2 * Double.MIN_VALUE, 3 * Double.MIN_VALUE, Double.MIN_NORMAL,
            Math.nextDown(Double.MIN_NORMAL), Double.MAX_VALUE, Math.nextDown(Double.MAX_VALUE), 1, 0.1, 0.2,
            0.3, 0.1 + 0.2, 1e21, 1e22, 1e23, 9.999999999999999e22, 1e-6, 1e-7, 9.5e-7, 123456.789, 5e-324,
            9007199254740991d, 9007199254740992d, 9007199254740993d, 1e15, 1e16, 1e17, 2.82879384806159E17,
            1.0E-5, 0.001, 100, 1e20, 1.5e20, 123456789012345678901d};
        for (double x : edges) {
            check(x);
            check(-x);
        }
        for (int t = 1; t < 20_000; t++) { // the smallest subnormals, where the significand is short
            check(Double.longBitsToDouble(t));
        }
        for (int q = -1074; q <= 1023; q++) { // every power of two, and its neighbours
            double p = Math.scalb(1.0, q);
            check(p);
            check(Math.nextUp(p));
            check(Math.nextDown(p));
        }
        for (int e = -323; e <= 308; e++) { // powers of ten and their neighbours
            double p = Double.parseDouble("1e" + e);
            check(p);
            check(Math.nextUp(p));
            check(Math.nextDown(p));
        }
    }

    @Test
    void seededRandomDoublesMatchTheReference() {
        Random random = new Random(13);
        for (int i = 0; i < 50_000; i++) {
            check(randomDouble(random, i));
        }
    }

    /** The fast property over millions: reads back, never more digits than Java's own. */
    @Test
    void millionsOfRandomBitPatternsRoundTrip() {
        Random random = new Random(2026);
        byte[] out = new byte[Schubfach.MAX_CHARS];
        for (int i = 0; i < 3_000_000; i++) {
            double x = randomDouble(random, i);
            String s = new String(out, 0, Schubfach.write(x, out, 0), StandardCharsets.ISO_8859_1);
            if (Double.parseDouble(s) != x || Double.doubleToRawLongBits(Double.parseDouble(s))
                    != Double.doubleToRawLongBits(x)) {
                throw new AssertionError(s + " does not read back as " + Double.toString(x));
            }
            if (significant(s) > significant(Double.toString(x))) {
                throw new AssertionError(s + " is longer than Java's " + Double.toString(x));
            }
        }
    }

    @Test
    void printsInShortestsNotation() {
        assertThat(Shortest.format(0)).isEqualTo("0");
        assertThat(Shortest.format(-0.0)).isEqualTo("-0");
        assertThat(Shortest.format(1e-6)).isEqualTo("0.000001");
        assertThat(Shortest.format(1.25e-6)).isEqualTo("0.00000125");
        assertThat(Shortest.format(9.5e-7)).isEqualTo("9.5e-7");
        assertThat(Shortest.format(1e20)).isEqualTo("100000000000000000000");
        assertThat(Shortest.format(1.5e21)).isEqualTo("1.5e21");
        assertThat(Shortest.format(12.375)).isEqualTo("12.375");
        assertThat(Shortest.format(Double.MIN_VALUE)).isEqualTo("5e-324"); // Java 17: 4.9E-324
        assertThat(Shortest.format(Double.MAX_VALUE)).isEqualTo("1.7976931348623157e308");
        assertThat(Shortest.format(Double.NaN)).isEqualTo("NaN");
        assertThat(Shortest.format(Double.NEGATIVE_INFINITY)).isEqualTo("-Infinity");
    }

    private static double randomDouble(Random random, int i) {
        double x;
        do {
            x = switch (i % 4) {
                case 0 -> Double.longBitsToDouble(random.nextLong());
                case 1 -> random.nextDouble() * 1000;
                case 2 -> Math.rint(random.nextDouble() * 1e9) / 1e6; // a trace time
                default -> random.nextInt(1_000_000) / 1000.0 + random.nextInt(3) * 1e-12;
            };
        } while (!Double.isFinite(x));
        return x;
    }

    private static void check(double x) {
        String expected = reference(x);
        assertThat(Shortest.format(x)).as("%s (Java: %s)", expected, Double.toString(x)).isEqualTo(expected);
    }

    private static String reference(double x) {
        if (x == 0) {
            return 1 / x < 0 ? "-0" : "0";
        }
        BigDecimal exact = new BigDecimal(x);
        for (int d = 1; d <= 17; d++) {
            BigDecimal best = null;
            for (RoundingMode mode : new RoundingMode[] {RoundingMode.FLOOR, RoundingMode.CEILING}) {
                BigDecimal c = exact.round(new MathContext(d, mode));
                if (c.doubleValue() == x && (best == null || closer(c, best, exact))) {
                    best = c;
                }
            }
            if (best != null) {
                return notation(best);
            }
        }
        throw new AssertionError("no decimal of 17 digits reads back as " + x);
    }

    private static boolean closer(BigDecimal c, BigDecimal other, BigDecimal exact) {
        int cmp = c.subtract(exact).abs().compareTo(other.subtract(exact).abs());
        return cmp < 0 || cmp == 0 && c.unscaledValue().testBit(0) == false;
    }

    /** The notation Shortest has always printed. */
    private static String notation(BigDecimal d) {
        d = d.stripTrailingZeros();
        int exponent = d.precision() - d.scale() - 1;
        if (exponent >= -6 && exponent < 21) {
            return d.toPlainString();
        }
        String digits = d.unscaledValue().abs().toString();
        StringBuilder s = new StringBuilder();
        if (d.signum() < 0) {
            s.append('-');
        }
        s.append(digits.charAt(0));
        if (digits.length() > 1) {
            s.append('.').append(digits, 1, digits.length());
        }
        return s.append('e').append(exponent).toString();
    }

    /** Significant digits of a decimal text: between the first and last non-zero digit of its mantissa. */
    private static int significant(String s) {
        int first = -1;
        int last = -1;
        int count = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == 'e' || c == 'E') {
                break;
            }
            if (c >= '0' && c <= '9') {
                count++;
                if (c != '0') {
                    last = count;
                    if (first < 0) {
                        first = count;
                    }
                }
            }
        }
        return first < 0 ? 1 : last - first + 1;
    }

    private static BigDecimal pow2(int q) {
        return q >= 0 ? new BigDecimal(BigInteger.ONE.shiftLeft(q))
                : BigDecimal.ONE.divide(new BigDecimal(BigInteger.ONE.shiftLeft(-q)));
    }
}
