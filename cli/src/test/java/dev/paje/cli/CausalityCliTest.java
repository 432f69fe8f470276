package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code paje causality} and {@code paje fix-clocks} as users run them: golden reports of the
 * hand-written skewed trace (checked by hand: proc3's clock is at least 0.5 s behind), exit codes,
 * a corrected trace that validates, and clear one-line errors for bad input.
 */
class CausalityCliTest {
    private static final String SKEW = "../core/src/test/resources/causal/skew.trace";
    private static final String CYCLE = "../core/src/test/resources/causal/cycle.trace";

    @TempDir
    Path dir;

    private static void assertNoStackTrace(CliRun.Result r) {
        assertThat(r.err()).doesNotContain("Exception", "\tat ");
        assertThat(r.out()).doesNotContain("Exception", "\tat ");
    }

    @Test
    void tableReport() throws IOException {
        CliRun.Result r = CliRun.run("causality", SKEW);
        assertThat(r.exit()).as("%s", r).isEqualTo(1);
        assertThat(r.out().replace(SKEW, "skew.trace")).isEqualTo(Golden.read("skew.causality.txt"));
    }

    @Test
    void jsonReport() throws IOException {
        CliRun.Result r = CliRun.run("causality", "--format", "json", SKEW);
        assertThat(r.exit()).as("%s", r).isEqualTo(1);
        assertThat(r.out().replace(SKEW, "skew.trace")).isEqualTo(Golden.read("skew.causality.json"));
    }

    @Test
    void perMachineWithLatencyAndLimit() throws IOException {
        CliRun.Result r = CliRun.run("causality", "--per", "Machine", "--min-latency", "0.5", "--max", "1", SKEW);
        assertThat(r.exit()).as("%s", r).isEqualTo(1);
        assertThat(r.out().replace(SKEW, "skew.trace")).isEqualTo(Golden.read("skew.causality_per_machine.txt"));
    }

    @Test
    void consistentTraceExitsZero() {
        CliRun.Result r = CliRun.run("causality", "../examples/hello.trace");
        assertThat(r.exit()).as("%s", r).isZero();
        assertThat(r.out()).contains("causally consistent");
    }

    @Test
    void fixClocksWritesATraceThatValidatesAndIsConsistent() throws IOException {
        Path out = dir.resolve("fixed.trace");
        CliRun.Result r = CliRun.run("fix-clocks", SKEW, "-o", out.toString());
        assertThat(r.exit()).as("%s", r).isZero();
        assertThat(r.out()).contains("shifted 1 clock", "largest shift 500 ms", "4 lines changed");
        assertThat(CliRun.run("validate", out.toString()).exit()).isZero();
        CliRun.Result again = CliRun.run("causality", out.toString());
        assertThat(again.exit()).as("%s", again).isZero();
        String before = Files.readString(Path.of(SKEW));
        String after = Files.readString(out);
        assertThat(after).isEqualTo(before.replace("5 0.0 p3", "5 0.5 p3").replace("14 1.5 L 0 p3", "14 2.0 L 0 p3")
                .replace("13 4.0 L 0 p3", "13 4.5 L 0 p3").replace("14 6.75 L 0 p3", "14 7.25 L 0 p3")
                // proc3's creation, moved to 0.5, goes after what happens at 0: the output is in time order
                .replace("5 0.5 p3 P m2 proc3\n8 0.0 S p1 Run\n", "8 0.0 S p1 Run\n5 0.5 p3 P m2 proc3\n"));
    }

    @Test
    void fixClocksOfAConsistentTraceIsAnExactCopy() throws IOException {
        Path out = dir.resolve("copy.trace");
        CliRun.Result r = CliRun.run("fix-clocks", "../examples/hello.trace", "-o", out.toString());
        assertThat(r.exit()).as("%s", r).isZero();
        assertThat(r.out()).contains("no clock needs a correction");
        assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(Path.of("../examples/hello.trace")));
    }

    @Test
    void fixClocksRefusesACycleAndWritesNothing() {
        Path out = dir.resolve("never.trace");
        CliRun.Result r = CliRun.run("fix-clocks", CYCLE, "-o", out.toString());
        assertThat(r.exit()).as("%s", r).isEqualTo(1);
        assertThat(r.err()).contains("no clock shifts can fix", "machine1/proc1", "machine2/proc3", "300 ms more than", "nothing written");
        assertThat(out).doesNotExist();
        assertThat(dir.toFile().list()).isEmpty(); // no temporary file left behind either
        assertNoStackTrace(r);
    }

    @Test
    void errorsAreOneClearLine() throws IOException {
        Path copy = dir.resolve("skew.trace");
        Files.copy(Path.of(SKEW), copy);
        Path bad = dir.resolve("bad.trace");
        Files.writeString(bad, "%EventDef PajeNewEvent 1\n% Time date\n%EndEventDef\n1 0\n");
        Object[][] cases = {
            {new String[] {"causality", "missing.trace"}, 4, "missing.trace: no such file"},
            {new String[] {"causality", "--format", "xml", SKEW}, 2, "expected table or json, found 'xml'"},
            {new String[] {"causality", "--per", "Rack", SKEW}, 2, "--per Rack: no container type", "Machine, Process"},
            {new String[] {"causality", "--min-latency", "-1", SKEW}, 2, "--min-latency must be a number of seconds >= 0"},
            {new String[] {"causality", "--max", "-3", SKEW}, 2, "--max must be 0 (all) or more"},
            {new String[] {"causality", bad.toString()}, 1, "has problems"},
            {new String[] {"causality"}, 2, "Missing required parameter"},
            {new String[] {"fix-clocks", SKEW}, 2, "Missing required option: '--output=OUT'"},
            {new String[] {"fix-clocks", "missing.trace", "-o", dir.resolve("o.trace").toString()}, 4, "no such file"},
            {new String[] {"fix-clocks", copy.toString(), "-o", copy.toString()}, 2, "is the input " + copy},
            {new String[] {"fix-clocks", "-", "-o", dir.resolve("o.trace").toString()}, 2, "TRACE must be a file"},
            {new String[] {"fix-clocks", SKEW, "-o", dir.toString()}, 4, "is a directory"},
            {new String[] {"fix-clocks", bad.toString(), "-o", dir.resolve("o.trace").toString()}, 1, "nothing written"},
        };
        for (Object[] c : cases) {
            CliRun.Result r = CliRun.run((String[]) c[0]);
            assertThat(r.exit()).as("%s: %s", String.join(" ", (String[]) c[0]), r).isEqualTo(c[1]);
            for (int i = 2; i < c.length; i++) {
                assertThat(r.err()).as("%s", String.join(" ", (String[]) c[0])).contains((String) c[i]);
            }
            assertNoStackTrace(r);
        }
        assertThat(dir.resolve("o.trace")).doesNotExist();
    }

    @Test
    void helpListsTheExitCodes() {
        CliRun.Result r = CliRun.run("causality", "--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).containsPattern("\\n +1 +tachyons found").contains("--per=TYPE", "--min-latency");
        CliRun.Result f = CliRun.run("fix-clocks", "--help");
        assertThat(f.out()).contains("--output=OUT", "no clock shifts can fix it");
    }
}
