package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code paje validate --no-cache} keeps no entity rows (nothing reads them back); it must print and
 * exit exactly as a validate that writes the whole store (a cache, {@code --cache-min-size 0}) does,
 * on the shared corpus' valid, invalid and legacy traces, with and without {@code -n -z}.
 */
class ValidateDropsRowsCliTest {
    @TempDir
    Path dir;

    @Test
    void validateWithoutACacheSaysWhatValidateWritingTheStoreSays() throws IOException {
        String shared = System.getProperty("paje.shared");
        Assumptions.assumeTrue(shared != null && !shared.isBlank(),
                "system property paje.shared is not set: skipping the corpus comparison");
        List<Path> traces = new ArrayList<>();
        for (String folder : List.of("valid", "invalid", "legacy")) {
            Path d = Path.of(shared, "traces", folder);
            Assumptions.assumeTrue(Files.isDirectory(d), "shared corpus not found at " + d);
            try (Stream<Path> s = Files.list(d)) {
                s.filter(p -> p.getFileName().toString().endsWith(".trace")).sorted().forEach(traces::add);
            }
        }
        int invalid = 0;
        for (Path t : traces) {
            for (List<String> opts : List.of(List.<String>of(), List.of("-n", "-z"))) {
                Path cache = Files.createTempDirectory(dir, "cache");
                CliRun.Result writing = CliRun.run(args(opts, t, "--cache-dir", cache.toString(), "--cache-min-size", "0"));
                CliRun.Result dropping = CliRun.run(args(opts, t, "--no-cache"));
                String context = t.getFileName() + " " + opts;
                assertThat(dropping.exit()).as("exit; %s\n%s\n%s", context, writing, dropping).isEqualTo(writing.exit());
                assertThat(dropping.out()).as("stdout; %s", context).isEqualTo(writing.out());
                assertThat(dropping.err()).as("stderr; %s", context).isEqualTo(writing.err());
                if (writing.exit() != 0) {
                    invalid++;
                }
            }
        }
        assertThat(invalid).as("the corpus has invalid traces to compare").isPositive();
    }

    private static String[] args(List<String> opts, Path trace, String... more) {
        List<String> all = new ArrayList<>(List.of("validate"));
        all.addAll(opts);
        all.addAll(List.of(more));
        all.add(trace.toString());
        return all.toArray(String[]::new);
    }
}
