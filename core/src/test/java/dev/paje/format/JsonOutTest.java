package dev.paje.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Valid JSON; the fast decimal path must parse back to the very same double, and the fallback must still be taken. */
class JsonOutTest {
    @Test
    void shortDecimalsAreWrittenAsTheirDigits() throws IOException {
        assertThat(write(0.002728)).isEqualTo("0.002728");
        assertThat(write(12.5)).isEqualTo("12.5");
        assertThat(write(3)).isEqualTo("3");
        assertThat(write(-4.000001)).isEqualTo("-4.000001");
        assertThat(write(0)).isEqualTo("0");
        assertThat(write(1e-9)).isEqualTo("0.000000001");
    }

    @Test
    void everyDoubleRoundTrips() throws IOException {
        Random random = new Random(42);
        for (int i = 0; i < 200_000; i++) {
            double v = switch (i % 5) {
                case 0 -> Math.round(random.nextDouble() * 1e12) / 1e6; // %f-style times
                case 1 -> Math.round(random.nextDouble() * 1e15) / 1e9;
                case 2 -> random.nextDouble() * Math.pow(10, random.nextInt(30) - 15);
                case 3 -> Double.longBitsToDouble(random.nextLong());
                default -> (float) (random.nextGaussian() * 1000);
            };
            if (!Double.isFinite(v)) {
                continue;
            }
            String text = write(v);
            assertThat(Double.parseDouble(text)).as(text).isEqualTo(v);
        }
        assertThat(write(-0.0)).isEqualTo("-0");
        assertThat(write(1e300)).isEqualTo("1e300");
        assertThat(write(0.1 + 0.2)).isEqualTo("0.30000000000000004");
        assertThat(write(2.82879384806159E17)).isEqualTo("282879384806159000"); // Java 17: one digit more
    }

    @Test
    void roundedValuesDropFloatNoiseAndKeepShortDecimals() throws IOException {
        assertThat(rounded(12.429000000000013, 3)).isEqualTo("12.429");
        assertThat(rounded(-1007.8609999999992, 3)).isEqualTo("-1007.861");
        assertThat(rounded(0.05, 3)).isEqualTo("0.05");
        assertThat(rounded(2.5, 0)).isEqualTo("2"); // half to even, as Math.rint
        assertThat(rounded(-0.0004, 3)).isEqualTo("0");
        assertThat(rounded(-0.0, 3)).isEqualTo("0");
        assertThat(rounded(1e300, 3)).isEqualTo("1e300"); // beyond 9e15 units: the shortest form
        assertThat(rounded(Double.NaN, 3)).isEqualTo("null");
        assertThat(rounded(0.123456789123, 9)).isEqualTo("0.123456789");
        assertThatThrownBy(() -> rounded(1, 10)).hasMessage("decimals must be 0 to 9, found 10");
        assertThatThrownBy(() -> rounded(1, -1)).hasMessage("decimals must be 0 to 9, found -1");
    }

    @Test
    void roundedValuesReadBackWithinHalfAUnitAndExactWhenTheyHaveThatManyPlaces() throws IOException {
        Random random = new Random(7);
        for (int i = 0; i < 100_000; i++) {
            int d = random.nextInt(10);
            double scale = Math.pow(10, d);
            double exact = Math.round((random.nextDouble() - 0.5) * 1e6 * scale) / scale; // at most d places
            assertThat(Double.parseDouble(rounded(exact, d))).as("%s at %s places", exact, d).isEqualTo(exact);
            double noisy = (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(12));
            double back = Double.parseDouble(rounded(noisy, d));
            assertThat(Math.abs(back - noisy)).as("%s at %s places", noisy, d).isLessThanOrEqualTo(0.5 / scale + Math.ulp(noisy) * 4);
        }
    }

    private static String rounded(double v, int decimals) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonOut g = new JsonOut(out)) {
            g.value(v, decimals);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void nestsWithCommasWhereJsonWantsThem() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonOut g = new JsonOut(out)) {
            g.beginObject().name("a").value(1).name("b").beginArray().value(-2).value(0.5).value(Double.NaN)
                    .beginObject().endObject().endArray().name("c").beginObject().name("d").beginArray().endArray()
                    .endObject().name("e").value(Long.MIN_VALUE).endObject();
        }
        assertThat(out.toString(StandardCharsets.UTF_8))
                .isEqualTo("{\"a\":1,\"b\":[-2,0.5,null,{}],\"c\":{\"d\":[]},\"e\":-9223372036854775808}");
    }

    @Test
    void partsWrittenApartSpliceIntoOneDocument() throws IOException {
        byte[] first = JsonOut.bytes(g -> g.beginObject().name("x").value(1).endObject());
        byte[] second = JsonOut.bytes(g -> g.beginObject().name("y").beginArray().value(2.5).endArray().endObject());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonOut g = new JsonOut(out)) {
            g.beginArray().splice(first).splice(second).endArray();
        }
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("[{\"x\":1},{\"y\":[2.5]}]");
    }

    @Test
    void prettyLaysOutOneFieldALineAndArraysInline() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonOut g = JsonOut.pretty(out)) {
            g.beginObject().name("a").value(1).name("list").beginArray().beginObject().name("x").javaValue(4)
                    .name("s").value((String) null).endObject().beginObject().endObject().endArray()
                    .name("none").beginArray().endArray().name("nums").beginArray().value(1).value(2).endArray()
                    .name("o").beginObject().name("n").nullValue().endObject().endObject();
        }
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("""
                {
                  "a" : 1,
                  "list" : [ {
                    "x" : 4.0,
                    "s" : null
                  }, { } ],
                  "none" : [ ],
                  "nums" : [ 1, 2 ],
                  "o" : {
                    "n" : null
                  }
                }""");
    }

    @Test
    void stringsAreEscapedAndUtf8() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonOut g = new JsonOut(out)) {
            g.beginArray().value("a\"b\\c\n\t\r\b\f\u0001/é€𝄞").javaValue(1e-5).javaValue(Double.NaN).endArray();
        }
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("[\"a\\\"b\\\\c\\n\\t\\r\\b\\f\\u0001/é€\\uD834\\uDD1E\",1.0E-5,null]");
    }

    private static String write(double v) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonOut g = new JsonOut(out)) {
            g.beginArray().value(v).endArray();
        }
        String s = out.toString(StandardCharsets.UTF_8);
        return s.substring(1, s.length() - 1);
    }
}
