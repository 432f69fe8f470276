package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The traces paje writes (cut, fix-clocks) open in the other readers: PajeNG's pj_dump reads them
 * (when it is on the PATH), and their field types are those of the input (ViTE refuses a Color declared string).
 */
class WrittenTracesTest {
    private static final String HELLO = "../examples/hello.trace";
    private static final String SKEW = "../core/src/test/resources/causal/skew.trace";

    @TempDir
    Path dir;

    @Test
    void cutKeepsTheInputsFieldTypes() throws IOException {
        Path cut = dir.resolve("cut.trace");
        assertThat(CliRun.run("cut", HELLO, "-s", "1", "-e", "3", "-o", cut.toString()).exit()).isZero();
        Map<String, String> input = fieldTypes(Path.of(HELLO));
        Map<String, String> written = fieldTypes(cut);
        assertThat(written).containsKey("PajeDefineEntityValue Color");
        written.forEach((field, type) -> {
            if (input.containsKey(field)) {
                assertThat(type).as(field).isEqualTo(input.get(field));
            }
        });
    }

    @Test
    void pjDumpReadsTheCut() throws Exception {
        for (String[] w : new String[][] {{"1", "3"}, {"0", "1"}, {"1.5", "2.5"}, {"2", "2"}}) {
            Path cut = dir.resolve("cut-" + w[0] + "-" + w[1] + ".trace");
            assertThat(CliRun.run("cut", HELLO, "-s", w[0], "-e", w[1], "-o", cut.toString()).exit()).isZero();
            assertPjDumpReads(cut);
        }
    }

    @Test
    void pjDumpReadsTheFixedClocks() throws Exception {
        Path fixed = dir.resolve("fixed.trace");
        CliRun.Result r = CliRun.run("fix-clocks", SKEW, "-o", fixed.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertPjDumpReads(fixed);
        Path drift = dir.resolve("drift.trace");
        r = CliRun.run("fix-clocks", "--drift", "--min-latency", "1us", SKEW, "-o", drift.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertPjDumpReads(drift);
    }

    @Test
    void fixClocksWritesTheLinesInTimeOrder() throws IOException {
        Path fixed = dir.resolve("fixed.trace");
        CliRun.Result r = CliRun.run("fix-clocks", SKEW, "-o", fixed.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("re-sorted in time order");
        double last = Double.NEGATIVE_INFINITY;
        int timed = 0;
        for (String line : Files.readAllLines(fixed)) {
            String[] t = line.split(" ");
            // skew.trace's timed events are 5 to 14, all with the time second
            if (t.length > 2 && t[0].matches("5|8|9|10|13|14")) {
                assertThat(Double.parseDouble(t[1])).as(line).isGreaterThanOrEqualTo(last);
                last = Double.parseDouble(t[1]);
                timed++;
            }
        }
        assertThat(timed).isEqualTo(16);
        assertThat(dir.toFile().list()).containsExactly("fixed.trace"); // the temporary copy is gone
    }

    /** Runs pj_dump on {@code trace}: it must exit 0; the test is skipped, saying so, without pj_dump. */
    private void assertPjDumpReads(Path trace) throws Exception {
        assumeTrue(Programs.onPath("pj_dump"), "pj_dump (PajeNG) is not on the PATH: install pajeng to check that it reads our traces");
        Path log = dir.resolve("pj_dump.log");
        Process p = new ProcessBuilder("pj_dump", trace.toString()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("pj_dump finished").isTrue();
        assertThat(p.exitValue()).as("pj_dump %s: %s", trace.getFileName(), tail(log)).isZero();
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
    }

    /** "Event Field" to its declared type, from the %EventDef blocks of {@code trace}. */
    private static Map<String, String> fieldTypes(Path trace) throws IOException {
        Map<String, String> types = new HashMap<>();
        String event = null;
        for (String line : Files.readAllLines(trace, StandardCharsets.UTF_8)) {
            String[] t = line.substring(Math.min(1, line.length())).strip().split("\\s+");
            if (line.startsWith("%EventDef")) {
                event = t[0].equals("EventDef") ? line.split("\\s+")[1] : null;
            } else if (line.startsWith("%EndEventDef")) {
                event = null;
            } else if (event != null && line.startsWith("%") && t.length == 2) {
                types.put(event + " " + t[0], t[1]);
            }
        }
        return types;
    }
}
