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

    /**
     * What an importer's Pajé text holds (times and values written by {@code Shortest}) reads back to the same
     * double: so events handed to the reader as values, without the text, keep the times the text gives.
     */
    @Test
    void shortestTextReadsBackToTheSameDouble() {
        Random random = new Random(17);
        long[] resolutions = {1_000_000_000L, 1_000_000L, 1000L, 3_000_000_007L};
        for (int i = 0; i < 200_000; i++) {
            double x = switch (i % 3) {
                // OTF2 times: ticks since the global offset over the timer resolution
                case 0 -> (double) (random.nextLong() >>> random.nextInt(64)) / resolutions[random.nextInt(4)];
                case 1 -> Double.longBitsToDouble(random.nextLong());
                default -> random.nextLong() / Math.pow(10, random.nextInt(20));
            };
            if (!Double.isFinite(x)) {
                continue;
            }
            String text = dev.paje.format.Shortest.format(x);
            assertThat(Double.doubleToRawLongBits(parse(text))).as(text).isEqualTo(Double.doubleToRawLongBits(x));
        }
    }

    @Test
    void signsSurviveTheFallbackForLongNumbers() {
        assertThat(parse("-0.0008299999999989748")).isEqualTo(-0.0008299999999989748);
        assertThat(parse("+0.0008299999999989748")).isEqualTo(0.0008299999999989748);
        assertThat(parse("-1.5")).isEqualTo(-1.5);
        assertThat(parse("-12345678901234567890")).isEqualTo(-12345678901234567890.0);
    }

    /** Numbers inside a line, as the tokenizer sees them: the bytes after them must not matter. */
    @Test
    void numbersFollowedByOtherBytesReadAsTheJdkReadsThem() {
        Random random = new Random(11);
        String[] tails = {"", " 12.5 x", "\n", ".5.5.5.5.5.5.5.5", "9999999999999999", "\"a b\"  ", "........"};
        for (int i = 0; i < 300_000; i++) {
            String text = switch (i % 6) {
                case 0 -> String.format(java.util.Locale.ROOT, "%.6f", random.nextDouble() * Math.pow(10, random.nextInt(9)));
                case 1 -> Long.toString(random.nextLong() % (1L << random.nextInt(40)));
                case 2 -> Double.toString(random.nextDouble() * 1000);
                case 3 -> (random.nextBoolean() ? "-" : "+") + random.nextInt(100_000) + "." + random.nextInt(100_000_000);
                case 4 -> randomText(random, "0123456789.-+e");
                default -> String.format(java.util.Locale.ROOT, "%." + random.nextInt(10) + "f", random.nextGaussian() * 1e4);
            };
            String tail = tails[random.nextInt(tails.length)];
            byte[] b = (text + tail + "                 ").getBytes(StandardCharsets.US_ASCII);
            double expected = reference(text);
            double actual = Numbers.parse(b, 0, text.length());
            if (Double.doubleToRawLongBits(actual) != Double.doubleToRawLongBits(expected)
                    && !(Double.isNaN(actual) && Double.isNaN(expected))) {
                throw new AssertionError("'" + text + "' followed by '" + tail + "': " + actual + ", expected " + expected);
            }
        }
    }

    /**
     * Every shape the dot-squeezing fast path takes or refuses: 0 to 17 digits split at every place by a
     * dot (or none), digits of all kinds including leading and trailing zeros, an optional sign, and the
     * line's next bytes after the number: bit-identical to {@link Double#parseDouble}.
     */
    @Test
    void everyDigitCountAndDotPlaceReadsAsTheJdk() {
        Random random = new Random(23);
        String[] tails = {"", " ", "\n", ".", "5", " 7.25", "........"};
        for (int round = 0; round < 40; round++) {
            for (int digits = 1; digits <= 17; digits++) {
                for (int dot = -1; dot <= digits; dot++) { // -1: no dot
                    StringBuilder t = new StringBuilder();
                    int sign = random.nextInt(4);
                    t.append(sign == 0 ? "-" : sign == 1 ? "+" : "");
                    for (int k = 0; k < digits; k++) {
                        if (k == dot) {
                            t.append('.');
                        }
                        int kind = random.nextInt(4);
                        t.append(kind == 0 ? '0' : kind == 1 ? '9' : (char) ('0' + random.nextInt(10)));
                    }
                    if (dot == digits) {
                        t.append('.');
                    }
                    String text = t.toString();
                    String tail = tails[random.nextInt(tails.length)];
                    byte[] b = (text + tail + "                 ").getBytes(StandardCharsets.US_ASCII);
                    double actual = Numbers.parse(b, 0, text.length());
                    assertThat(Double.doubleToRawLongBits(actual)).as("'%s' then '%s'", text, tail)
                            .isEqualTo(Double.doubleToRawLongBits(reference(text)));
                }
            }
        }
    }

    /**
     * {@link Numbers#field} (the tokenizer's walk: a field of one byte or more, a chunk's padding after it) gives
     * the double {@link Numbers#parse} gives, bit for bit: every digit count and dot place with or without a sign,
     * random texts of digits, dots, signs and exponents, and the times and values of traces, followed by noise.
     */
    @Test
    void wordsAndTimePrefixReadWhatFieldReads() {
        Random random = new Random(31);
        java.util.List<String> texts = new java.util.ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            texts.add(randomText(random, "0123456789..-+eE"));
            long whole = random.nextLong(0, 10_000_000_000L) / (long) Math.pow(10, random.nextInt(11));
            long micros = random.nextInt(1_000_000);
            for (int k = random.nextInt(1, 12); k > 0; k--) { // a run of times sharing their first bytes, as in a trace
                texts.add(String.format(java.util.Locale.ROOT, "%d.%06d", whole, micros));
                micros += random.nextInt(1, 40);
                if (micros >= 1_000_000) {
                    micros -= 1_000_000;
                    whole++;
                }
            }
            texts.add(String.format(java.util.Locale.ROOT, "%." + random.nextInt(1, 9) + "f", random.nextDouble(0, 1e6)));
        }
        TimePrefix prefix = new TimePrefix();
        int byPrefix = 0;
        int byWords = 0;
        for (String text : texts) {
            byte[] bytes = (text + " \n" + "x".repeat(20)).getBytes(StandardCharsets.ISO_8859_1);
            int n = text.length();
            if (n == 0 || n > 16) {
                continue;
            }
            long field = Double.doubleToRawLongBits(Numbers.field(bytes, 0, n));
            long a = (long) Swar.LONGS.get(bytes, 0);
            long b = (long) Swar.LONGS.get(bytes, 8);
            double w = Numbers.words(a, b, n);
            if (w >= 0) {
                byWords++;
                assertThat(Double.doubleToRawLongBits(w)).as("words '%s'", text).isEqualTo(field);
            }
            double t = n >= 8 && n <= 15 ? prefix.read(a, b, n) : -1;
            if (t >= 0) {
                byPrefix++;
                assertThat(Double.doubleToRawLongBits(t)).as("prefix '%s'", text).isEqualTo(field);
            }
        }
        assertThat(byWords).isGreaterThan(300_000); // the common forms take the new paths
        assertThat(byPrefix).isGreaterThan(200_000);
    }

    @Test
    void fieldReadsWhatParseReads() {
        Random random = new Random(29);
        String[] noise = {" ", "\n", ".", "5", "e", "-", "\u00ff"};
        java.util.List<String> texts = new java.util.ArrayList<>();
        for (int digits = 1; digits <= 17; digits++) {
            for (int dot = -1; dot <= digits; dot++) {
                for (String sign : new String[] {"", "-", "+"}) {
                    StringBuilder t = new StringBuilder(sign);
                    for (int k = 0; k < digits; k++) {
                        if (k == dot) {
                            t.append('.');
                        }
                        t.append((char) ('0' + random.nextInt(10)));
                    }
                    if (dot == digits) {
                        t.append('.');
                    }
                    texts.add(t.toString());
                }
            }
        }
        for (int i = 0; i < 200_000; i++) {
            texts.add(randomText(random, "0123456789..-+eE"));
            texts.add(String.format(java.util.Locale.ROOT, "%d.%06d", random.nextInt(100), random.nextInt(1_000_000)));
            texts.add(Integer.toString(random.nextInt(-1000, 1000)));
            // times of long traces (10 bytes from 100 s on, up to 10 integer digits) and signed values
            long whole = random.nextLong(1, 10_000_000_000L) / (long) Math.pow(10, random.nextInt(10));
            texts.add(String.format(java.util.Locale.ROOT, "%d.%06d", whole, random.nextInt(1_000_000)));
            texts.add(String.format(java.util.Locale.ROOT, "%.3f", random.nextDouble(-10, 10)));
        }
        for (String text : texts) {
            StringBuilder b = new StringBuilder(text);
            assertThat(Double.doubleToLongBits(Numbers.parse(text.getBytes(StandardCharsets.ISO_8859_1), 0, text.length())))
                    .as("'%s'", text).isEqualTo(Double.doubleToLongBits(reference(text))); // parse itself, so field is checked against the JDK
            for (int k = 0; k < 20; k++) {
                b.append(noise[random.nextInt(noise.length)]);
            }
            byte[] bytes = b.toString().getBytes(StandardCharsets.ISO_8859_1);
            int from = 0;
            int to = text.length();
            assertThat(Double.doubleToRawLongBits(Numbers.field(bytes, from, to))).as("'%s'", text)
                    .isEqualTo(Double.doubleToRawLongBits(Numbers.parse(bytes, from, to)));
        }
    }

    private static String randomText(Random random, String alphabet) {
        StringBuilder s = new StringBuilder();
        for (int k = 1 + random.nextInt(12); k > 0; k--) {
            s.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return s.toString();
    }

    /** The JDK's reading of a decimal number (no hex, no 'd'/'f' suffixes, no spaces), NaN for anything else. */
    private static double reference(String s) {
        if (!s.matches("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?")) {
            return Double.NaN;
        }
        return Double.parseDouble(s);
    }
}
