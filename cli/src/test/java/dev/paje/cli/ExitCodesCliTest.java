package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exit codes users see, one set for every command (0 ok, 1 trace, 2 usage, 3 memory, 4 I/O):
 * listed in the help, and 4 whenever the trace cannot be read or the output cannot be written,
 * standard output included ({@code > /dev/full}). Out of memory: {@link LauncherTest}.
 */
class ExitCodesCliTest {
    private static final String HELLO = "../examples/hello.trace";
    private static final String SKEW = "../core/src/test/resources/causal/skew.trace";
    private static final List<String> COMMANDS = List.of("view", "dump", "validate", "stats", "render", "export", "cut",
            "causality", "fix-clocks");
    private static final Path DEV_FULL = Path.of("/dev/full");

    @TempDir
    Path dir;

    @Test
    void helpListsTheExitCodes() {
        CliRun.Result main = CliRun.run("--help");
        assertThat(main.exit()).isZero();
        assertThat(main.out()).contains("Exit codes (the same for every command):");
        String codes = main.out().substring(main.out().indexOf("Exit codes"));
        assertThat(codes).containsPattern("\\n +0 +success")
                .containsPattern("\\n +1 +the trace has problems")
                .containsPattern("\\n +2 +wrong usage")
                .containsPattern("\\n +3 +out of memory: .*PAJE_HEAP")
                .containsPattern("\\n +4 +I/O error")
                .containsPattern("\\n +70 +a bug in paje");
        for (String command : COMMANDS) {
            String help = CliRun.run(command, "--help").out();
            assertThat(help).as(command).contains("Exit codes:").contains("PAJE_HEAP").containsPattern("\\n +4 +");
        }
        assertThat(CliRun.run("causality", "--help").out()).containsPattern("\\n +1 +tachyons found");
    }

    @Test
    void aMissingTraceOrADirectoryIsAnIoErrorForEveryCommand() {
        for (String trace : List.of(dir.resolve("missing.trace").toString(), dir.toString())) {
            for (List<String> args : commandLines(trace)) {
                CliRun.Result r = expect(4, args);
                assertThat(r.err()).as("%s\n%s", args, r).contains(trace + ":");
                assertThat(r.out()).as("%s\n%s", args, r).isEmpty();
            }
        }
    }

    @Test
    void aTraceThatCannotBeReadIsAnIoError() throws IOException {
        Path trace = unreadable();
        for (List<String> args : commandLines(trace.toString())) {
            if (args.get(0).equals("view")) {
                continue; // it starts serving before reading the trace
            }
            CliRun.Result r = expect(4, args);
            assertThat(r.err()).as("%s\n%s", args, r).contains(trace + ": cannot read");
        }
    }

    @Test
    void anOutputThatCannotBeWrittenIsAnIoError() throws Exception {
        assumeTrue(Files.isWritable(DEV_FULL), "no /dev/full");
        for (List<String> args : List.of(List.of("export", HELLO, "-f", "json", "-o", "/dev/full"),
                List.of("export", HELLO, "-f", "chrome", "-o", "/dev/full"),
                List.of("cut", HELLO, "-s", "0", "-e", "2", "-o", "/dev/full"),
                List.of("fix-clocks", SKEW, "-o", "/dev/full"))) {
            CliRun.Result r = expect(4, args);
            assertThat(r.err()).as("%s\n%s", args, r).contains("cannot write /dev/full", "No space left on device");
        }
        assertThat(Files.isRegularFile(DEV_FULL)).as("fix-clocks must write into /dev/full, not replace it").isFalse();
        Path notADir = Files.writeString(dir.resolve("file"), "x");
        expect(4, List.of("render", HELLO, "-o", notADir.resolve("x.svg").toString()));
        expect(4, List.of("fix-clocks", SKEW, "-o", dir.resolve("no/such/dir/o.trace").toString()));
        expect(4, List.of("fix-clocks", SKEW, "-o", dir.toString()));
    }

    /** {@code paje COMMAND ... > /dev/full}: the lost output is an I/O error, not a success. */
    @Test
    void aFullStandardOutputIsAnIoError() throws IOException {
        assumeTrue(Files.isWritable(DEV_FULL), "no /dev/full");
        for (List<String> args : List.of(List.of("dump", HELLO), List.of("dump", "-c", HELLO), List.of("dump", "-j", "1", HELLO),
                List.of("validate", HELLO), List.of("stats", HELLO), List.of("stats", "--collectives", HELLO),
                List.of("export", HELLO, "-f", "json"), List.of("export", HELLO, "-f", "chrome"),
                List.of("cut", HELLO, "-s", "0", "-e", "2"), List.of("causality", "--max", "1", HELLO), List.of("--help"),
                List.of("dump", "--help"))) {
            try (OutputStream full = new FileOutputStream(DEV_FULL.toFile())) {
                CliRun.Result r = CliRun.runWithStdout(full, args.toArray(String[]::new));
                assertThat(r.exit()).as("%s\n%s", args, r).isEqualTo(4);
                assertThat(r.err()).as("%s\n%s", args, r).contains("cannot write to standard output: No space left on device")
                        .doesNotContain("Exception").doesNotContain("\tat ");
            }
        }
    }

    /** Every command line that reads {@code trace}, with what else it needs. */
    private List<List<String>> commandLines(String trace) {
        List<List<String>> all = new ArrayList<>();
        all.add(List.of("view", "--no-browser", trace));
        all.add(List.of("dump", trace));
        all.add(List.of("validate", trace));
        all.add(List.of("stats", trace));
        all.add(List.of("render", trace, "-o", dir.resolve("x.svg").toString()));
        all.add(List.of("export", trace, "-f", "json"));
        all.add(List.of("cut", trace, "-s", "0", "-e", "1"));
        all.add(List.of("causality", trace));
        all.add(List.of("fix-clocks", trace, "-o", dir.resolve("o.trace").toString()));
        return all;
    }

    /**
     * A file that exists but cannot be read: without read permission, or, for root (who reads
     * anything), a sysfs file, which claims 4096 bytes and holds a few.
     */
    private Path unreadable() throws IOException {
        Path file = Files.writeString(dir.resolve("secret.trace"), "%EventDef PajeDefineContainerType 0\n");
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
        } catch (UnsupportedOperationException e) {
            // not POSIX: try the sysfs file
        }
        if (!Files.isReadable(file)) {
            return file;
        }
        Path sysfs = Path.of("/sys/devices/system/cpu/online");
        assumeTrue(Files.isRegularFile(sysfs) && Files.size(sysfs) > Files.readAllBytes(sysfs).length,
                "no unreadable file: running as root without /sys");
        return sysfs;
    }

    private static CliRun.Result expect(int exit, List<String> args) {
        CliRun.Result r = CliRun.run(args.toArray(String[]::new));
        assertThat(r.exit()).as("%s\n%s", args, r).isEqualTo(exit);
        assertThat(r.err()).as("no stack trace: %s\n%s", args, r).doesNotContain("Exception").doesNotContain("\tat ");
        return r;
    }
}
