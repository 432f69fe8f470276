package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.testing.EntityTraces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code paje validate --no-cache} of a trace of many chunks read by two threads checks it with runs summarized by
 * the tokenizer threads (docs/architecture.md, "The check's summarized runs"); it must print and exit exactly as
 * the check event by event on one thread does: a valid trace, one problem of each kind alone, many problems.
 */
class ValidateSummarizedCliTest {
    @TempDir
    Path dir;

    @Test
    void twoThreadsSayWhatOneThreadSays() throws IOException {
        List<Path> traces = new ArrayList<>();
        traces.add(EntityTraces.write(dir.resolve("valid.trace"), 1, 0, false, -1, 80_000));
        for (int problem = 0; problem < EntityTraces.PROBLEM_KINDS; problem++) {
            traces.add(EntityTraces.write(dir.resolve("problem-" + problem + ".trace"), problem + 2, 0, problem % 2 == 0,
                    problem, 80_000));
        }
        traces.add(EntityTraces.write(dir.resolve("many.trace"), 99, 0.001, true, -1, 80_000));
        for (Path t : traces) {
            assertThat(Files.size(t)).as("%s: larger than a chunk, so read in parallel", t.getFileName())
                    .isGreaterThan(1L << 20);
            CliRun.Result one = CliRun.run("validate", "--no-cache", "-j", "1", t.toString());
            CliRun.Result two = CliRun.run("validate", "--no-cache", "-j", "2", t.toString());
            String name = t.getFileName().toString();
            assertThat(one.exit()).as("%s: %s", name, one).isEqualTo(name.startsWith("valid") ? 0 : 1);
            assertThat(two.exit()).as("exit, %s", name).isEqualTo(one.exit());
            assertThat(two.out()).as("stdout, %s", name).isEqualTo(one.out());
            assertThat(two.err()).as("stderr, %s", name).isEqualTo(one.err());
        }
    }
}
