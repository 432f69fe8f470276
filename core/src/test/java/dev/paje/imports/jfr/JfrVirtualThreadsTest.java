package dev.paje.imports.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.StateTable;
import dev.paje.store.Type;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Virtual threads (JDK 21 and later) are threads of their own, marked virtual: recorded by a JDK ≥ 21
 * found on this machine (this JVM, or one under /usr/lib/jvm), running a program written here, and read
 * by this JVM's JFR parser.
 */
class JfrVirtualThreadsTest {
    private static final String PROGRAM = """
            public class Virt {
                public static void main(String[] args) throws Exception {
                    Thread[] threads = new Thread[4];
                    for (int i = 0; i < threads.length; i++) {
                        threads[i] = Thread.ofVirtual().unstarted(() -> {
                            for (int r = 0; r < 3; r++) {
                                try {
                                    Thread.sleep(20);
                                } catch (InterruptedException e) {
                                    return;
                                }
                            }
                        });
                        threads[i].start();
                    }
                    for (Thread t : threads) {
                        t.join();
                    }
                }
            }
            """;

    @TempDir
    Path dir;

    /** A java launcher of version 21 or later, if there is one. */
    private static Optional<Path> modernJava() throws IOException {
        Stream<Path> homes = Stream.of(Path.of(System.getProperty("java.home")));
        Path jvms = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvms)) {
            try (Stream<Path> list = Files.list(jvms)) {
                homes = Stream.concat(homes, list.sorted().toList().stream());
            }
        }
        Pattern version = Pattern.compile("JAVA_VERSION=\"(\\d+)");
        for (Path home : homes.toList()) {
            Path release = home.resolve("release");
            Path java = home.resolve("bin/java");
            if (Files.isRegularFile(release) && Files.isExecutable(java)) {
                Matcher m = version.matcher(Files.readString(release));
                if (m.find() && Integer.parseInt(m.group(1)) >= 21) {
                    return Optional.of(java);
                }
            }
        }
        return Optional.empty();
    }

    @Test
    void eachVirtualThreadIsAContainerMarkedVirtualWithItsStates() throws Exception {
        Optional<Path> java = modernJava();
        Assumptions.assumeTrue(java.isPresent(), "no JDK 21 or later here to record virtual threads");
        Path source = Files.writeString(dir.resolve("Virt.java"), PROGRAM);
        Path recording = dir.resolve("virt.jfr");
        Process p = new ProcessBuilder(java.get().toString(), "-XX:StartFlightRecording=filename=" + recording
                + ",settings=profile,jdk.ThreadSleep#threshold=0ms", source.toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();

        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(recording);
        assertThat(loaded.problems()).isEmpty();
        List<Container> virtual = loaded.trace().containers().stream()
                .filter(c -> c.user().getOrDefault("Virtual", "").equals("true")).toList();
        assertThat(virtual).hasSize(4);
        assertThat(virtual).allMatch(c -> c.name().replace("\"", "").matches("virtual thread #\\d+"));
        Type state = loaded.trace().types().stream().filter(t -> t.name().contains("Thread state")).findFirst().orElseThrow();
        for (Container c : virtual) {
            StateTable states = c.states(state);
            assertThat(states).isNotNull();
            // each thread sleeps three times 20 ms; on a loaded machine the JDK may record a sleep in two
            // pieces (seen once: four Sleeping states), so the sleeps and their time are counted together
            int sleeps = 0;
            double slept = 0;
            for (int i = 0; i < states.size(); i++) {
                if (state.value(states.value(i)).name().equals("Sleeping")) {
                    sleeps++;
                    slept += states.end(i) - states.start(i);
                }
            }
            assertThat(sleeps).as(c.name() + ": Sleeping states").isBetween(3, 6);
            assertThat(slept).as(c.name() + ": seconds asleep").isGreaterThanOrEqualTo(3 * 0.019);
        }
    }
}
