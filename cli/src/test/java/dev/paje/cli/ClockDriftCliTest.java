package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --drift} of {@code paje causality} and {@code paje fix-clocks}: on a trace whose two clocks
 * drift apart by 80 ppm (no constant shift can fix it) and on traces with no drift at all.
 */
class ClockDriftCliTest {
    private static final String SKEW = "../core/src/test/resources/causal/skew.trace";

    @TempDir
    Path dir;

    /** proc0 runs 50 ppm fast and proc1 30 ppm slow, 0.3 s apart; 200 messages each way over 1000 s. */
    private Path drifted() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String line : Files.readString(Path.of(SKEW)).split("\n")) {
            if (line.startsWith("%") || line.matches("[0124] .*")) {
                sb.append(line).append('\n');
            }
        }
        sb.append("5 -20 m0 M 0 machine0\n5 -20 m1 M 0 machine1\n");
        sb.append("5 ").append(t(-10, 0)).append(" q0 P m0 proc0\n5 ").append(t(-10, 1)).append(" q1 P m1 proc1\n");
        Random rnd = new Random(7);
        for (int i = 0; i < 400; i++) {
            int a = i % 2;
            double s = i * 2.5 + rnd.nextDouble();
            double r = s + 1e-4 + rnd.nextDouble() * 1e-4;
            sb.append("13 ").append(t(s, a)).append(" L 0 q").append(a).append(" msg k").append(i).append('\n');
            sb.append("14 ").append(t(r, 1 - a)).append(" L 0 q").append(1 - a).append(" msg k").append(i).append('\n');
        }
        Path file = dir.resolve("drift.trace");
        Files.writeString(file, sb);
        return file;
    }

    private static String t(double x, int p) {
        double v = p == 0 ? x + 0.3 + 50e-6 * x : x - 30e-6 * x;
        return String.format(Locale.ROOT, "%.6f", v);
    }

    @Test
    void causalityReportsTheDriftInPpm() throws IOException {
        Path trace = drifted();
        CliRun.Result plain = CliRun.run("causality", trace.toString());
        assertThat(plain.exit()).as("%s", plain).isEqualTo(1);
        assertThat(plain.out()).contains("No clock shifts can fix").doesNotContain("Clock drift");
        CliRun.Result r = CliRun.run("causality", "--drift", trace.toString());
        assertThat(r.exit()).as("%s", r).isEqualTo(1); // the tachyons are still there
        assertThat(r.out()).contains("Clock drift (ppm faster than the reference clock", "1 of 1 linked pairs", "1 clock");
        String line = r.out().lines().filter(l -> l.contains("machine")).filter(l -> l.contains("ppm") || l.matches(
                "\\s+[+-][0-9.]+\\s+machine.*")).findFirst().orElseThrow();
        double ppm = Double.parseDouble(line.trim().split("\\s+")[0]);
        assertThat(Math.abs(ppm)).isBetween(79.5, 80.5);
        assertThat(r.out()).doesNotContain("No clock shifts can fix");
        CliRun.Result json = CliRun.run("causality", "--drift", "--format", "json", trace.toString());
        assertThat(json.out()).contains("\"drift\":{\"since\":", "\"ppm\":");
    }

    @Test
    void fixClocksWithDriftWritesAConsistentValidTrace() throws IOException {
        Path trace = drifted();
        Path out = dir.resolve("fixed.trace");
        CliRun.Result refused = CliRun.run("fix-clocks", trace.toString(), "-o", out.toString());
        assertThat(refused.exit()).as("%s", refused).isEqualTo(1);
        assertThat(refused.err()).contains("no clock shifts can fix", "nothing written");
        CliRun.Result r = CliRun.run("fix-clocks", "--drift", "--min-latency", "0.00001", trace.toString(), "-o", out.toString());
        assertThat(r.exit()).as("%s", r).isZero();
        assertThat(r.out()).contains("removed the drift of 1 clock", "ppm)", "wrote");
        assertThat(CliRun.run("validate", out.toString()).exit()).isZero();
        CliRun.Result again = CliRun.run("causality", out.toString());
        assertThat(again.exit()).as("%s", again).isZero();
        assertThat(again.out()).contains("causally consistent");
    }

    @Test
    void withoutDriftNothingChanges() throws IOException {
        Path out = dir.resolve("copy.trace");
        CliRun.Result r = CliRun.run("fix-clocks", "--drift", "../examples/hello.trace", "-o", out.toString());
        assertThat(r.exit()).as("%s", r).isZero();
        assertThat(r.out()).contains("no clock needs a correction").doesNotContain("drift");
        assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(Path.of("../examples/hello.trace")));
        CliRun.Result c = CliRun.run("causality", "--drift", SKEW);
        assertThat(c.out()).contains("Clock drift: none");
        Path fixed = dir.resolve("skew.fixed.trace");
        CliRun.Result f = CliRun.run("fix-clocks", "--drift", SKEW, "-o", fixed.toString());
        assertThat(f.exit()).as("%s", f).isZero();
        assertThat(f.out()).contains("shifted 1 clock", "largest shift 500 ms").doesNotContain("drift");
    }

    @Test
    void helpAndErrors() {
        assertThat(CliRun.run("fix-clocks", "--help").out()).contains("--drift", "de-drifted");
        assertThat(CliRun.run("causality", "--help").out()).contains("--drift");
        CliRun.Result r = CliRun.run("fix-clocks", "--drift=maybe", SKEW, "-o", dir.resolve("o.trace").toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--drift");
        assertThat(dir.resolve("o.trace")).doesNotExist();
    }
}
