package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Wrong usage and bad input for {@code export} and {@code cut}: a clear message, a non-zero exit, no stack trace. */
class ExportErrorsTest {
    private static final String EXAMPLE = "../examples/hello.trace";

    @TempDir
    Path dir;

    @Test
    void unknownFormat() {
        CliRun.Result r = expect(2, "export", EXAMPLE, "-f", "xml");
        assertThat(r.err()).contains("--format", "csv, json, chrome", "'xml'");
    }

    @Test
    void csvNeedsADirectory() throws IOException {
        assertThat(expect(2, "export", EXAMPLE, "-f", "csv").err()).contains("-o DIR");
        Path file = Files.writeString(dir.resolve("file.txt"), "x");
        assertThat(expect(4, "export", EXAMPLE, "-f", "csv", "-o", file.toString()).err())
                .contains(file.toString(), "not a directory");
        assertThat(expect(4, "export", EXAMPLE, "-f", "csv", "-o", file.resolve("sub").toString()).err())
                .contains("cannot create the directory");
    }

    @Test
    void unwritableOutputFile() {
        Path missing = dir.resolve("no/such/dir/out.json");
        assertThat(expect(4, "export", EXAMPLE, "-f", "json", "-o", missing.toString()).err())
                .contains(missing.toString(), "no such directory");
        assertThat(expect(4, "export", EXAMPLE, "-f", "chrome", "-o", dir.toString()).err())
                .contains("is a directory");
        assertThat(expect(4, "cut", EXAMPLE, "-s", "1", "-e", "2", "-o", missing.toString()).err())
                .contains("no such directory");
    }

    @Test
    void missingAndInvalidTraces() throws IOException {
        Path missing = dir.resolve("missing.trace");
        assertThat(expect(4, "export", missing.toString(), "-f", "json").err()).contains(missing.toString(), "no such file");
        assertThat(expect(4, "cut", missing.toString(), "-s", "0", "-e", "1").err()).contains("no such file");
        Path bad = Files.writeString(dir.resolve("bad.trace"), "%EventDef PajeNewEvent 1\n% Time date\n%EndEventDef\n1 x\n");
        CliRun.Result r = expect(1, "export", bad.toString(), "-f", "csv", "-o", dir.resolve("out").toString());
        assertThat(r.err()).startsWith(bad + ":");
        assertThat(expect(1, "cut", bad.toString(), "-s", "0", "-e", "1").err()).startsWith(bad + ":");
    }

    @Test
    void badWindows() {
        assertThat(expect(2, "cut", EXAMPLE, "-s", "3", "-e", "1").err()).contains("--start 3 is after --end 1");
        assertThat(expect(2, "cut", EXAMPLE, "-e", "1").err()).contains("--start");
        assertThat(expect(2, "cut", EXAMPLE, "-s", "x", "-e", "1").err()).contains("--start", "'x'");
        assertThat(expect(2, "cut", EXAMPLE, "-s", "NaN", "-e", "1").err()).contains("--start", "expected a number of seconds", "found 'NaN'");
        assertThat(expect(1, "cut", EXAMPLE, "-s", "10", "-e", "20").err()).contains("after the end of the trace (4)");
    }

    @Test
    void helpListsTheNewCommands() {
        assertThat(CliRun.run("--help").out()).contains("export", "cut");
        assertThat(CliRun.run("export", "--help").out()).contains("--format", "--output", "chrome");
        assertThat(CliRun.run("cut", "--help").out()).contains("--start", "--end", "--output");
    }

    private static CliRun.Result expect(int exit, String... args) {
        CliRun.Result r = CliRun.run(args);
        assertThat(r.exit()).as("%s", r).isEqualTo(exit);
        assertThat(r.err()).as("no stack trace\n%s", r).doesNotContain("Exception").doesNotContain("\tat ")
                .doesNotContainIgnoringCase("internal error");
        return r;
    }
}
