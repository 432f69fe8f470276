package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.Corpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code paje dump -i} and {@code paje dump-csv} (with and without -i) against PajeNG's current
 * pj_dump and pj_dump_csv on every valid trace of the shared corpus, byte for byte. It needs those
 * tools built from PajeNG's source ({@link PajeNg}: PAJENG_BIN), which Debian does not ship; skipped
 * with a message otherwise (the golden files of {@link PajeNgGoldenTest} run everywhere).
 */
class PajeNgCorpusTest {
    private static final List<String> KINDS = List.of("container", "state", "variable", "event", "link");

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> sameFilesAsPajeNg() throws IOException {
        Path pjDump = PajeNg.tool("pj_dump");
        Path pjDumpCsv = PajeNg.tool("pj_dump_csv");
        Assumptions.assumeTrue(pjDump != null && pjDumpCsv != null,
                "PajeNG's current pj_dump and pj_dump_csv are not installed (build PajeNG, set PAJENG_BIN): skipped");
        return Corpus.traces("valid").stream().flatMap(t -> Stream.of("", "-i").map(flag -> DynamicTest.dynamicTest(
                t.getFileName() + " " + flag, () -> {
                    String name = t.getFileName().toString();
                    String expected = PajeNg.run(flag.isEmpty() ? List.of(pjDump.toString(), t.toString())
                            : List.of(pjDump.toString(), flag, t.toString()));
                    CliRun.Result dump = flag.isEmpty() ? CliRun.run("dump", t.toString()) : CliRun.run("dump", flag, t.toString());
                    assertThat(dump.exit()).as("%s", dump).isZero();
                    assertThat(dump.out()).as("dump %s %s", flag, name).isEqualTo(expected);
                    Path theirs = dir.resolve("pj-" + name);
                    Path ours = dir.resolve("paje-" + name);
                    PajeNg.run(flag.isEmpty() ? List.of(pjDumpCsv.toString(), "--prefix", theirs.toString(), t.toString())
                            : List.of(pjDumpCsv.toString(), flag, "--prefix", theirs.toString(), t.toString()));
                    CliRun.Result csv = flag.isEmpty() ? CliRun.run("dump-csv", "--prefix", ours.toString(), t.toString())
                            : CliRun.run("dump-csv", flag, "--prefix", ours.toString(), t.toString());
                    assertThat(csv.exit()).as("%s", csv).isZero();
                    for (String kind : KINDS) {
                        assertThat(Files.readString(Path.of(ours + "." + kind + ".csv"))).as("%s %s.%s.csv", flag, name, kind)
                                .isEqualTo(Files.readString(Path.of(theirs + "." + kind + ".csv")));
                    }
                })));
    }
}
