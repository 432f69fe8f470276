package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JFR recordings at the command line: converted, and read directly by the other commands; bad ones exit 1. */
class JfrCliTest {
    @TempDir
    static Path dir;

    private static Path recording;

    /** Records this JVM while a thread holds a lock another one waits for. */
    @BeforeAll
    static void record() throws Exception {
        recording = dir.resolve("cli.jfr");
        try (Recording r = new Recording(Configuration.getConfiguration("profile"))) {
            r.enable("jdk.JavaMonitorEnter").withThreshold(Duration.ZERO);
            r.enable("jdk.ThreadSleep").withThreshold(Duration.ZERO);
            r.start();
            Object lock = new Object();
            Thread holder = new Thread(() -> {
                synchronized (lock) {
                    nap(60);
                }
            }, "cli-holder");
            Thread waiter = new Thread(() -> {
                nap(15);
                synchronized (lock) {
                    nap(1);
                }
            }, "cli-waiter");
            holder.start();
            waiter.start();
            holder.join();
            waiter.join();
            r.stop();
            r.dump(recording);
        }
    }

    private static void nap(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void convertWritesAPajeTraceThatValidates() {
        Path out = dir.resolve("cli.trace");
        CliRun.Result r = CliRun.run("convert", recording.toString(), "-o", out.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        CliRun.Result valid = CliRun.run("validate", out.toString());
        assertThat(valid.exit()).as(valid.toString()).isZero();
        CliRun.Result dump = CliRun.run("dump", out.toString());
        assertThat(dump.out()).containsPattern("State, \"cli-waiter #\\d+\", \"Thread state\", [0-9.]+, [0-9.]+, [0-9.]+, 0.000000, Blocked")
                .containsPattern("Link, \"JVM \\d+\", \"Monitor handoff\", .*, \"cli-holder #\\d+\", \"cli-waiter #\\d+\", m\\d+");
    }

    @Test
    void dumpReadsTheRecordingDirectlyAsItsConversion() {
        Path out = dir.resolve("same.trace");
        assertThat(CliRun.run("convert", recording.toString(), "-o", out.toString()).exit()).isZero();
        CliRun.Result direct = CliRun.run("dump", recording.toString());
        assertThat(direct.exit()).as(direct.toString()).isZero();
        assertThat(direct.out()).isEqualTo(CliRun.run("dump", out.toString()).out());
    }

    @Test
    void statsCausalityAndRenderTakeTheRecording() {
        CliRun.Result stats = CliRun.run("stats", recording.toString());
        assertThat(stats.exit()).as(stats.toString()).isZero();
        assertThat(stats.out()).contains("Blocked", "Sleeping");
        CliRun.Result causality = CliRun.run("causality", recording.toString());
        assertThat(causality.exit()).as("no monitor handoff goes back in time: " + causality).isZero();
        Path svg = dir.resolve("cli.svg");
        CliRun.Result render = CliRun.run("render", recording.toString(), "-o", svg.toString());
        assertThat(render.exit()).as(render.toString()).isZero();
        assertThat(svg).isNotEmptyFile();
    }

    @Test
    void aTruncatedRecordingIsExitOneWithItsByteAndNothingWritten() throws IOException {
        byte[] whole = Files.readAllBytes(recording);
        Path cut = Files.write(dir.resolve("cut.jfr"), Arrays.copyOf(whole, whole.length / 2));
        Path out = dir.resolve("cut.trace");
        CliRun.Result r = CliRun.run("convert", cut.toString(), "-o", out.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).matches("paje convert: " + cut.toString().replace(".", "\\.")
                + ": at byte 8: truncated recording: the chunk's header says \\d+ bytes, the file has " + whole.length / 2
                + " from the chunk's start\\R");
        assertThat(out).doesNotExist();
        CliRun.Result dump = CliRun.run("dump", cut.toString());
        assertThat(dump.exit()).isEqualTo(1);
        assertThat(dump.err()).contains(cut + ": at byte 8: truncated recording").doesNotContain("Exception", "\tat ");
    }

    @Test
    void aFileNamedJfrThatIsNotOneIsExitOne() throws IOException {
        Path notes = Files.writeString(dir.resolve("notes.jfr"), "not a recording\n", StandardCharsets.US_ASCII);
        CliRun.Result r = CliRun.run("convert", notes.toString(), "-o", dir.resolve("notes.trace").toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).isEqualTo("paje convert: " + notes
                + ": at byte 0: not a JFR recording: expected the chunk magic 'FLR\\0', found 'not '" + System.lineSeparator());
        CliRun.Result stats = CliRun.run("stats", notes.toString());
        assertThat(stats.exit()).isEqualTo(1);
        assertThat(stats.err()).contains("not a JFR recording").doesNotContain("\tat ");
    }
}
