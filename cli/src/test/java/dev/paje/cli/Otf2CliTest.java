package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commands on an OTF2 archive as users run them: the anchor file wherever a trace goes ({@code dump},
 * {@code stats}, {@code render}, {@code convert}), and a broken archive as one located line with exit 1.
 * The archive is written at test time by Debian's OTF2 Python bindings; skipped without them.
 */
class Otf2CliTest {
    private static final Path WRITER = Path.of("../core/src/test/resources/dev/paje/imports/otf2/write_archive.py");

    @TempDir
    Path dir;

    private Path anchor;

    @BeforeEach
    void write() throws IOException, InterruptedException {
        boolean python = Files.isExecutable(Path.of("/usr/bin/python3"))
                && new ProcessBuilder("/usr/bin/python3", "-c", "import otf2").start().waitFor() == 0;
        assumeTrue(python, "skipped: /usr/bin/python3 lacks Debian's OTF2 bindings (apt-get install -y python3-otf2)");
        Process p = new ProcessBuilder("/usr/bin/python3", WRITER.toString(), dir.resolve("run").toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        anchor = dir.resolve("run").resolve("traces.otf2");
    }

    @Test
    void dumpStatsAndRenderTakeTheAnchorFile() {
        CliRun.Result dump = CliRun.run("dump", anchor.toString());
        assertThat(dump.exit()).as(dump.toString()).isZero();
        assertThat(dump.out()).contains("State, \"Master thread (MPI Rank 0)\", Region, 0.000000, 0.051000, 0.051000, 0.000000, main");
        CliRun.Result stats = CliRun.run("stats", anchor.toString());
        assertThat(stats.exit()).as(stats.toString()).isZero();
        assertThat(stats.out()).contains("MPI_Allreduce", "Allreduce");
        Path svg = dir.resolve("run.svg");
        CliRun.Result render = CliRun.run("render", anchor.toString(), "-o", svg.toString());
        assertThat(render.exit()).as(render.toString()).isZero();
        assertThat(svg).isNotEmptyFile();
    }

    @Test
    void convertWritesAPajeTraceThatDumpsAsTheArchive() {
        Path out = dir.resolve("run.trace");
        CliRun.Result r = CliRun.run("convert", anchor.toString(), "-o", out.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        CliRun.Result archive = CliRun.run("dump", anchor.toString());
        CliRun.Result converted = CliRun.run("dump", out.toString());
        assertThat(converted.exit()).as(converted.toString()).isZero();
        assertThat(converted.out()).isEqualTo(archive.out());
    }

    @Test
    void aTruncatedEventFileIsOneLineAndExitOne() throws IOException {
        Path evt = anchor.resolveSibling("traces").resolve("4.evt");
        byte[] all = Files.readAllBytes(evt);
        Files.write(evt, Arrays.copyOf(all, all.length / 2));
        for (List<String> args : List.of(List.of("dump", anchor.toString()), List.of("convert", anchor.toString(), "-o",
                dir.resolve("x.trace").toString()))) {
            CliRun.Result r = CliRun.run(args.toArray(String[]::new));
            assertThat(r.exit()).as(r.toString()).isEqualTo(1);
            assertThat(r.err()).contains(evt + ": at byte ").doesNotContain("Exception", "\tat ");
        }
        assertThat(dir.resolve("x.trace")).doesNotExist();
    }

    @Test
    void aMissingDefinitionFileIsOneLineAndExitOne() throws IOException {
        Files.delete(anchor.resolveSibling("traces.def"));
        CliRun.Result r = CliRun.run("stats", anchor.toString());
        assertThat(r.exit()).as(r.toString()).isEqualTo(1);
        assertThat(r.err()).contains(anchor.resolveSibling("traces.def") + ": no such file: the archive is incomplete")
                .doesNotContain("Exception");
    }
}
