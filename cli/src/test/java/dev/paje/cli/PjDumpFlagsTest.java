package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The flags of PajeNG's {@code pj_dump} that scripts pass, with {@code paje dump}: the outputs are
 * the golden files (checked against Debian's pj_dump 1.3.6), and against pj_dump itself on the
 * bundled example and the shared corpus when it is installed.
 */
class PjDumpFlagsTest {
    private static final Path EXAMPLE = Path.of("../examples/hello.trace");

    @TempDir
    Path dir;

    @Test
    void dotPrintsTheTypeTreeAndNothingElse() throws IOException {
        CliRun.Result r = CliRun.run("dump", "-d", EXAMPLE.toString());
        assertThat(r.exit()).as("%s", r).isZero();
        assertThat(r.out()).isEqualTo(Golden.read("hello.dump_d.txt")).startsWith("digraph PajeTypes {\n");
    }

    @Test
    void hierarchiesGoToTheirFilesAndQuietPrintsNothing() throws IOException {
        Path types = dir.resolve("types.csv");
        Path entities = dir.resolve("entities.csv");
        CliRun.Result r = CliRun.run("dump", "-q", "--type-hierarchy=" + types, "--entity-hierarchy", entities.toString(),
                EXAMPLE.toString());
        assertThat(r.exit()).as("%s", r).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(Files.readString(types)).isEqualTo(Golden.read("hello.type_hierarchy.csv"));
        assertThat(Files.readString(entities)).isEqualTo(Golden.read("hello.entity_hierarchy.csv"));
    }

    @Test
    void quietStillChecksTheTrace() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.trace"), Files.readString(EXAMPLE) + "12 5.0 t11 S\n12 5.1 t11 S\n");
        CliRun.Result r = CliRun.run("dump", "-q", bad.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains(bad + ":");
    }

    @Test
    void timePrintsTheSecondsFirstThenTheDump() throws IOException {
        CliRun.Result r = CliRun.run("dump", "-t", EXAMPLE.toString());
        assertThat(r.exit()).as("%s", r).isZero();
        String first = r.out().substring(0, r.out().indexOf('\n') + 1);
        assertThat(first).matches("\\d+\\.\\d{6}\n");
        assertThat(r.out().substring(first.length())).isEqualTo(Golden.read("hello.dump.txt").replace("examples/", "../examples/"));
    }

    @Test
    void flexAndOutOfCoreAreAcceptedAndChangeNothing() throws IOException {
        CliRun.Result r = CliRun.run("dump", "-f", "-o", EXAMPLE.toString());
        assertThat(r.exit()).as("%s", r).isZero();
        assertThat(r.out()).isEqualTo(Golden.read("hello.dump.txt").replace("examples/", "../examples/"));
    }

    @Test
    void probabilisticIsRefusedWithAReason() {
        CliRun.Result r = CliRun.run("dump", "-p", "S", EXAMPLE.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("-p", "not supported");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void timesTakeUnits() {
        CliRun.Result seconds = CliRun.run("dump", "-s", "1", "-e", "2", EXAMPLE.toString());
        CliRun.Result units = CliRun.run("dump", "-s", "1000ms", "-e", "2000000us", EXAMPLE.toString());
        assertThat(units.exit()).as("%s", units).isZero();
        assertThat(units.out()).isEqualTo(seconds.out());
        CliRun.Result bad = CliRun.run("dump", "-s", "5xs", EXAMPLE.toString());
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("'5xs'");
    }

    @Test
    void versionPrintsPajesVersion() {
        CliRun.Result r = CliRun.run("dump", "-v");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("paje ");
    }

    /** pj_dump itself, when installed (Debian's pajeng; .ci/run installs it). */
    @Test
    void sameAsPjDumpWhereItIsInstalled() throws Exception {
        Path pjDump = Path.of("/usr/bin/pj_dump");
        Assumptions.assumeTrue(Files.isExecutable(pjDump), "pj_dump is not installed (apt-get install pajeng): skipped");
        List<Path> traces = new ArrayList<>(List.of(EXAMPLE));
        Path shared = Path.of("../../shared/traces/valid");
        if (Files.isDirectory(shared)) {
            try (var s = Files.list(shared)) {
                s.filter(p -> p.toString().endsWith(".trace")).sorted().forEach(traces::add);
            }
        }
        for (Path t : traces) {
            assertThat(CliRun.run("dump", "-d", t.toString()).out()).as("dump -d %s", t)
                    .isEqualTo(run(pjDump.toString(), "-d", t.toString()));
            Path a = dir.resolve("a.csv");
            Path b = dir.resolve("b.csv");
            run(pjDump.toString(), "-q", "--type-hierarchy=" + a, "--entity-hierarchy=" + b, t.toString());
            Path c = dir.resolve("c.csv");
            Path d = dir.resolve("d.csv");
            CliRun.run("dump", "-q", "--type-hierarchy=" + c, "--entity-hierarchy=" + d, t.toString());
            assertThat(Files.readString(c)).as("--type-hierarchy of %s", t).isEqualTo(Files.readString(a));
            assertThat(Files.readString(d)).as("--entity-hierarchy of %s", t).isEqualTo(Files.readString(b));
        }
    }

    private static String run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return out;
    }
}
