package dev.paje.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** Text files on the tests' class path (golden outputs, small traces), read whole; a missing one fails the test by name. */
public final class TestResources {
    private TestResources() {
    }

    /** The UTF-8 text of the class path resource {@code path} ("/golden/hello.dump.txt"). */
    public static String text(String path) throws IOException {
        try (InputStream in = TestResources.class.getResourceAsStream(path)) {
            assertThat(in).as("test resource %s", path).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
