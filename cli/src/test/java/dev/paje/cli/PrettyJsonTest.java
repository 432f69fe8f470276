package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.paje.format.JsonOut;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The JSON files the commands write ({@code paje stats -f json}) came from Jackson's default pretty printer;
 * core's {@link JsonOut#pretty} must lay out random documents byte for byte as it did.
 */
class PrettyJsonTest {
    private static final String CHARS = "ab \"\\/\n\t\r\b\f\u0001\u001féà€𝄞";

    /** Writes the same random document to both writers. */
    private record Both(JsonGenerator jackson, JsonOut ours) {
        void value(Random random) throws IOException {
            switch (random.nextInt(6)) {
                case 0 -> {
                    long v = random.nextInt(3) == 0 ? random.nextLong() : random.nextInt(1000);
                    jackson.writeNumber(v);
                    ours.value(v);
                }
                case 1 -> {
                    double v = random.nextBoolean() ? random.nextInt(100) / 8.0 : random.nextGaussian() * Math.pow(10, random.nextInt(20) - 10);
                    jackson.writeNumber(v);
                    ours.javaValue(v);
                }
                case 2 -> {
                    StringBuilder s = new StringBuilder();
                    for (int i = random.nextInt(6); i > 0; i--) {
                        s.appendCodePoint(CHARS.codePointAt(CHARS.offsetByCodePoints(0, random.nextInt(CHARS.codePointCount(0, CHARS.length())))));
                    }
                    jackson.writeString(s.toString());
                    ours.value(s.toString());
                }
                case 3 -> {
                    jackson.writeNull();
                    ours.nullValue();
                }
                default -> {
                    if (random.nextBoolean()) {
                        object(random);
                    } else {
                        array(random);
                    }
                }
            }
        }

        void object(Random random) throws IOException {
            jackson.writeStartObject();
            ours.beginObject();
            for (int i = depthLimited(random); i > 0; i--) {
                String name = "f" + random.nextInt(50);
                jackson.writeFieldName(name);
                ours.name(name);
                value(random);
            }
            jackson.writeEndObject();
            ours.endObject();
        }

        void array(Random random) throws IOException {
            jackson.writeStartArray();
            ours.beginArray();
            for (int i = depthLimited(random); i > 0; i--) {
                value(random);
            }
            jackson.writeEndArray();
            ours.endArray();
        }

        private int depthLimited(Random random) {
            return jackson.getOutputContext().getNestingDepth() > 5 ? 0 : random.nextInt(5);
        }
    }

    @Test
    void randomDocumentsAreLaidOutAsJacksonDoes() throws IOException {
        Random random = new Random(14);
        for (int round = 0; round < 500; round++) {
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            ByteArrayOutputStream actual = new ByteArrayOutputStream();
            try (JsonGenerator jackson = new JsonFactory().createGenerator(expected); JsonOut ours = JsonOut.pretty(actual)) {
                jackson.useDefaultPrettyPrinter();
                new Both(jackson, ours).object(random);
            }
            assertThat(actual.toString(java.nio.charset.StandardCharsets.UTF_8)).as("round %d", round)
                    .isEqualTo(expected.toString(java.nio.charset.StandardCharsets.UTF_8));
        }
    }
}
