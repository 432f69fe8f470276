package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code paje dump} and {@code paje validate} as users run them: golden outputs of the bundled
 * example for each option (checked by hand once, then kept), standard input, and help texts.
 */
class DumpCliTest {
    private static final Path EXAMPLE = Path.of("../examples/hello.trace");

    @TestFactory
    Stream<DynamicTest> eachOptionPrintsItsGoldenOutput() {
        return Stream.of("dump", "dump -i", "dump -c", "dump -u -h", "dump -l 2 -s 1 -e 2", "dump -a 2.2", "validate")
                .map(opts -> DynamicTest.dynamicTest(opts, () -> {
                    String[] args = Stream.concat(Arrays.stream(opts.split(" ")), Stream.of(EXAMPLE.toString()))
                            .toArray(String[]::new);
                    CliRun.Result r = CliRun.run(args);
                    assertThat(r.exit()).as("%s", r).isZero();
                    String file = "hello." + opts.replace(" ", "_").replace("-", "") + ".txt";
                    assertThat(r.out().replace("../examples/", "examples/")).isEqualTo(Golden.read(file));
                }));
    }

    @Test
    void readsStandardInput() throws IOException {
        InputStream old = System.in;
        try {
            System.setIn(new ByteArrayInputStream(Files.readAllBytes(EXAMPLE)));
            CliRun.Result r = CliRun.run("dump", "-");
            assertThat(r.exit()).as("%s", r).isZero();
            assertThat(r.out()).isEqualTo(Golden.read("hello.dump.txt"));
        } finally {
            System.setIn(old);
        }
    }

    @Test
    void followsPajeTraceFileRelativeToTheTrace(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("parts"));
        Files.copy(EXAMPLE, dir.resolve("parts/hello.trace"));
        Path root = dir.resolve("root.trace");
        Files.writeString(root, "%EventDef PajeTraceFile 99\n% Filename string\n%EndEventDef\n99 \"parts/hello.trace\"\n");
        CliRun.Result r = CliRun.run("dump", root.toString());
        assertThat(r.exit()).as("%s", r).isZero();
        assertThat(r.out()).isEqualTo(Golden.read("hello.dump.txt"));
    }

    @Test
    void helpListsEveryCommandAndOption() {
        CliRun.Result top = CliRun.run("--help");
        assertThat(top.exit()).isZero();
        assertThat(top.out()).contains("dump", "validate", "COMMAND --help");
        CliRun.Result dump = CliRun.run("dump", "--help");
        assertThat(dump.exit()).isZero();
        for (String option : List.of("--start", "--end", "--stop-at", "--no-strict", "--ignore-incomplete-links",
                "--no-imbrication", "--float-precision", "--user-defined", "--header", "--container",
                "--exact-values", "--threads")) {
            assertThat(dump.out()).contains(option);
        }
        CliRun.Result validate = CliRun.run("validate", "--help");
        assertThat(validate.out()).contains("--max-problems", "--no-strict", "--quiet");
    }

    @Test
    void wrongUsageExitsWithTwoAndSaysWhy() {
        CliRun.Result r = CliRun.run("dump", "--float-precision", "x", EXAMPLE.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--float-precision");
        assertThat(CliRun.run("frobnicate").exit()).isEqualTo(2);
    }
}
