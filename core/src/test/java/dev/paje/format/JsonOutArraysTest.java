package dev.paje.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The columns' bulk writers give the very bytes of one value call per element; digits two at a time are the digits. */
class JsonOutArraysTest {
    private static final long SEED = 13;

    @Test
    void intArraysAreTheBytesOfOneValueEach() throws IOException {
        Random random = new Random(SEED);
        for (int round = 0; round < 300; round++) {
            int size = random.nextInt(40);
            long[] cells = new long[size + 3]; // cells past the size are a previous table's: never written
            for (int i = 0; i < cells.length; i++) {
                cells[i] = switch (random.nextInt(5)) {
                    case 0 -> random.nextInt(10_000);
                    case 1 -> random.nextInt();
                    case 2 -> -random.nextInt(100);
                    case 3 -> random.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE;
                    default -> (long) random.nextInt(1_000_000) << 32 | random.nextInt(50); // high half: not the int's
                };
            }
            String bulk = write(g -> g.intArray(cells, size));
            String one = write(g -> {
                g.beginArray();
                for (int i = 0; i < size; i++) {
                    g.value((int) cells[i]);
                }
                g.endArray();
            });
            assertThat(bulk).isEqualTo(one);
        }
    }

    @Test
    void roundedArraysAreTheBytesOfOneValueEach() throws IOException {
        Random random = new Random(SEED);
        for (int round = 0; round < 300; round++) {
            int size = random.nextInt(40);
            double factor = random.nextBoolean() ? 1000 : 1 + random.nextInt(100_000);
            long[] cells = new long[size + 2];
            for (int i = 0; i < cells.length; i++) {
                double v = switch (random.nextInt(4)) {
                    case 0 -> random.nextDouble(); // a share
                    case 1 -> random.nextInt(3) / 2.0 + 0.0005; // halves and their rounding
                    case 2 -> -random.nextDouble() * 50;
                    default -> random.nextDouble() * 3e4;
                };
                cells[i] = Double.doubleToRawLongBits(v);
            }
            String bulk = write(g -> g.roundedArray(cells, size, factor));
            String one = write(g -> {
                g.beginArray();
                for (int i = 0; i < size; i++) {
                    g.value((int) Math.round(Double.longBitsToDouble(cells[i]) * factor));
                }
                g.endArray();
            });
            assertThat(bulk).isEqualTo(one);
        }
    }

    /** Small numbers come from a table of 4-byte words: each must be its decimal, across many buffer flushes. */
    @Test
    void everySmallNumberIsItsDecimal() throws IOException {
        int size = 10 * 10_001;
        long[] cells = new long[size];
        StringBuilder expected = new StringBuilder("[");
        for (int i = 0; i < size; i++) {
            cells[i] = i % 10_001;
            expected.append(i > 0 ? "," : "").append(i % 10_001);
        }
        assertThat(write(g -> g.intArray(cells, size))).isEqualTo(expected.append(']').toString());
        assertThat(write(g -> {
            g.beginArray();
            for (int i = 0; i < size; i++) {
                g.value((int) cells[i]);
            }
            g.endArray();
        })).isEqualTo(expected.toString());
    }

    @Test
    void doubleArraysAreTheBytesOfOneValueEach() throws IOException {
        Random random = new Random(SEED);
        for (int round = 0; round < 300; round++) {
            int size = random.nextInt(40);
            int decimals = random.nextInt(11) - 1; // -1: exact
            long[] cells = new long[size];
            for (int i = 0; i < size; i++) {
                cells[i] = Double.doubleToRawLongBits(someDouble(random));
            }
            String bulk = write(g -> g.doubleArray(cells, size, decimals));
            String one = write(g -> {
                g.beginArray();
                for (int i = 0; i < size; i++) {
                    double v = Double.longBitsToDouble(cells[i]);
                    if (decimals < 0) {
                        g.value(v);
                    } else {
                        g.value(v, decimals);
                    }
                }
                g.endArray();
            });
            assertThat(bulk).as("decimals %d", decimals).isEqualTo(one);
        }
    }

    @Test
    void arraysNestAmongOtherValues() throws IOException {
        String s = write(g -> {
            g.beginObject();
            g.name("a").intArray(new long[] {1, -2, 30_000}, 3);
            g.name("b").doubleArray(new long[] {Double.doubleToRawLongBits(0.5), Double.doubleToRawLongBits(Double.NaN)}, 2, -1);
            g.name("c").intArray(new long[0], 0);
            g.name("d").value(7);
            g.endObject();
        });
        assertThat(s).isEqualTo("{\"a\":[1,-2,30000],\"b\":[0.5,null],\"c\":[],\"d\":7}");
        assertThatThrownBy(() -> write(g -> g.doubleArray(new long[1], 1, 10))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void longsAndNineDecimalValuesAreTheirDecimalDigits() throws IOException {
        Random random = new Random(SEED);
        for (int i = 0; i < 100_000; i++) {
            long v = switch (i % 4) {
                case 0 -> random.nextLong();
                case 1 -> random.nextLong() >>> random.nextInt(64);
                case 2 -> (long) Math.pow(10, random.nextInt(19)) - random.nextInt(2);
                default -> random.nextInt(1_000_000);
            };
            long value = v;
            assertThat(write(g -> g.value(value))).isEqualTo(Long.toString(v));
            long units = random.nextLong() % 9_000_000_000_000_000L; // below the fast path's limit
            double d = units / 1e9;
            if (Math.rint(d * 1e9) == units && units != 0) { // d has these nine decimals
                assertThat(write(g -> g.value(d)))
                        .isEqualTo(BigDecimal.valueOf(units, 9).stripTrailingZeros().toPlainString());
            }
        }
    }

    private static double someDouble(Random random) {
        return switch (random.nextInt(8)) {
            case 0 -> Math.round(random.nextDouble() * 1e12) / 1e6;
            case 1 -> Math.round(random.nextDouble() * 1e15) / 1e9;
            case 2 -> (random.nextDouble() - 0.5) * 2000;
            case 3 -> random.nextGaussian() * Math.pow(10, random.nextInt(40) - 20);
            case 4 -> random.nextBoolean() ? Double.NaN : Double.NEGATIVE_INFINITY;
            case 5 -> random.nextBoolean() ? -0.0 : 0.0;
            case 6 -> random.nextLong();
            default -> random.nextInt(100_000) - 50_000;
        };
    }

    private interface Writes {
        void to(JsonOut g) throws IOException;
    }

    private static String write(Writes w) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonOut g = new JsonOut(bytes)) {
            w.to(g);
        }
        return bytes.toString(StandardCharsets.US_ASCII);
    }
}
