package dev.paje.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** How numbers, times and texts are spelled in the trace. */
class LineBufferTest {
    private static String written(Consumer<LineBuffer> write) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        LineBuffer b = new LineBuffer(bytes, 1024, "test");
        write.accept(b);
        b.close();
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static String number(double x) throws IOException {
        return written(b -> b.number(x)).substring(1);
    }

    @Test
    void numbers() throws IOException {
        assertThat(number(0)).isEqualTo("0");
        assertThat(number(-0.0)).isEqualTo("0");
        assertThat(number(42)).isEqualTo("42");
        assertThat(number(-7)).isEqualTo("-7");
        assertThat(number(9007199254740991.0)).isEqualTo("9007199254740991"); // 2^53 - 1, exact
        assertThat(number(3.1)).isEqualTo("3.1");
        assertThat(number(0.1 + 0.2)).isEqualTo("0.3"); // 15 significant digits
        assertThat(number(-2.5e-3)).isEqualTo("-0.0025");
        assertThat(number(1e-5)).isEqualTo("0.00001");
        assertThat(number(1.5e-6)).isEqualTo("1.5e-6");
        assertThat(number(123456789012.5)).isEqualTo("123456789012.5");
        assertThat(number(1e300)).isEqualTo("1.0E300"); // beyond 1e±280: Double.toString
        assertThat(number(6.02214076e23)).isEqualTo("6.02214076e23");
        assertThat(number(Math.PI)).isEqualTo("3.14159265358979");
    }

    /** Any double comes back within one unit of its 15th significant digit; seeded. */
    @Test
    void randomDoublesComeBackWithin15Digits() throws IOException {
        SplittableRandom random = new SplittableRandom(1818);
        double[] xs = random.longs(100_000).mapToDouble(Double::longBitsToDouble).filter(Double::isFinite).toArray();
        String[] lines = written(b -> {
            for (double x : xs) {
                b.number(x).newline();
            }
        }).split("\n");
        assertThat(lines).hasSameSizeAs(xs);
        for (int i = 0; i < xs.length; i++) {
            double back = Double.parseDouble(lines[i].substring(1));
            assertThat(Math.abs(back - xs[i])).as("%s written as %s", xs[i], lines[i])
                    .isLessThanOrEqualTo(Math.abs(xs[i]) * 1e-14);
        }
    }

    @Test
    void timesAreSecondsWithAtMostNineDecimals() throws IOException {
        assertThat(written(b -> b.time(0).time(1).time(1_500_000_000L).time(12_000_000_001L).time(-250_000_000L)))
                .isEqualTo(" 0 0.000000001 1.5 12.000000001 -0.25");
    }

    @Test
    void textsAreQuotedTokens() throws IOException {
        assertThat(written(b -> b.text("a \"b\"\tc\nd")))
                .isEqualTo(" \"a 'b' c d\"");
        assertThat(written(b -> b.text("é☕🎉").text(""))).isEqualTo(" \"é☕🎉\" \"\"");
        assertThat(written(b -> b.text("x\uD800y"))).as("a lone surrogate").isEqualTo(" \"x?y\"");
    }

    @Test
    void aTextLongerThanTheBufferIsWrittenWhole() throws IOException {
        String longText = "x".repeat(10_000);
        assertThat(written(b -> b.text(longText))).isEqualTo(" \"" + longText + "\"");
    }
}
