package dev.paje.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/java/ProducerConsumer.java, run as the README says (a child JVM in source-file mode on the
 * module's classes), writes a valid trace: one container per thread, a link per message from a producer
 * to a consumer, states on every thread.
 */
class ExampleTest {
    private static final Path EXAMPLE = Path.of("..", "examples", "java", "ProducerConsumer.java");

    @TempDir
    Path dir;

    @Test
    void producerConsumerWritesAValidTraceWithALinkPerMessage() throws IOException, InterruptedException {
        assertThat(EXAMPLE).as("the example, from the trace-api module's directory").isRegularFile();
        Path trace = dir.resolve("pc.trace");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-cp", Path.of("target", "classes").toString(),
                EXAMPLE.toString(), trace.toString(), "40").redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the example ends").isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        assertThat(output).isEqualTo("wrote " + trace + ": 40 messages from 2 producers to 3 consumers\n");

        ReadBack r = ReadBack.of(Files.readAllBytes(trace), dir);
        List<String> containers = r.rows("containers");
        assertThat(containers.stream().map(c -> c.split(",")[0])).contains("producer-0", "producer-1", "consumer-0",
                "consumer-1", "consumer-2");
        List<String> links = r.rows("links").subList(1, r.rows("links").size());
        assertThat(links).hasSize(40).allSatisfy(l -> assertThat(l.split(",")[6]).startsWith("producer-"))
                .allSatisfy(l -> assertThat(l.split(",")[7]).startsWith("consumer-"));
        List<String> states = r.rows("states");
        assertThat(states.stream().filter(s -> s.endsWith(",Consuming"))).hasSize(40);
        assertThat(states.stream().filter(s -> s.endsWith(",Producing"))).hasSize(40);
        List<String> inFlight = r.rows("variables");
        assertThat(inFlight.get(inFlight.size() - 1)).endsWith(",0"); // every message sent was taken
        assertThat(inFlight.stream().skip(1).mapToDouble(v -> Double.parseDouble(v.substring(v.lastIndexOf(',') + 1))))
                .allSatisfy(v -> assertThat(v).isBetween(0.0, 40.0));
    }
}
