package dev.paje.causal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.Trace;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Loads the hand-written traces of {@code src/test/resources/causal} and traces given as text. */
final class CausalTraces {
    private CausalTraces() {
    }

    static String text(String resource) throws IOException {
        try (InputStream in = CausalTraces.class.getResourceAsStream("/causal/" + resource)) {
            assertThat(in).as("resource %s", resource).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static Trace load(String text) throws IOException {
        TraceLoader.Loaded loaded = TraceLoader.builder().build()
                .load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "test.trace", Path.of("."));
        assertThat(loaded.problems()).as("problems of the test trace").isEmpty();
        assertThat(loaded.valid()).isTrue();
        return loaded.trace();
    }

    static Trace resource(String name) throws IOException {
        return load(text(name));
    }

    /** The container called {@code name} (test traces give every container a distinct name). */
    static Container named(Trace trace, String name) {
        return trace.containers().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }
}
