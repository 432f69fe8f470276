package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** The golden outputs under src/test/resources/golden/, written by us and checked by hand (or against pj_dump). */
final class Golden {
    private Golden() {
    }

    static String read(String name) throws IOException {
        try (InputStream in = Golden.class.getResourceAsStream("/golden/" + name)) {
            assertThat(in).as("golden file %s", name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
