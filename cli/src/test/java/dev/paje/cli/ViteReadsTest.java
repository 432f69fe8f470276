package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The traces paje writes (cut, fix-clocks, convert) open in Debian's ViTE ({@code xvfb-run -a vite
 * -e out.svg T}, which lists what it could not read in {@code log.txt}): no more errors and warnings
 * than ViTE finds in the input, and no errors at all in what cut and convert write (fix-clocks keeps
 * the input's lines, comments included, which ViTE counts as errors before the header). Skipped,
 * saying so, without vite and xvfb-run ({@code apt-get install vite xvfb}).
 */
class ViteReadsTest {
    private static final Pattern COUNTS = Pattern.compile("Your trace has (\\d+) errors and (\\d+) warnings");

    @TempDir
    Path dir;

    /** Input, the paje command writing OUT from it (OUT stands for the output). */
    private static List<String[]> cases() throws IOException {
        List<String[]> cases = new ArrayList<>(List.of(
                new String[] {"../examples/hello.trace", "cut IN -s 1 -e 3 -o OUT"},
                new String[] {"../examples/hello.trace", "convert IN -o OUT"},
                new String[] {"../core/src/test/resources/causal/skew.trace", "fix-clocks IN -o OUT"},
                new String[] {"../core/src/test/resources/causal/skew.trace", "fix-clocks --drift --min-latency 1us IN -o OUT"},
                new String[] {"src/test/resources/pajeng/nesting.trace", "cut IN -s 0.5 -e 7.2 -o OUT"}));
        Path shared = Path.of(System.getProperty("paje.shared", "../shared"), "traces", "valid");
        String[][] windows = {{"pajeng-gattaca.trace", "5us", "15us"}, {"simgrid-smpi-trace-trace.trace", "2", "6"},
            {"poti-links.trace", "0.5", "2"}};
        for (String[] w : windows) {
            Path t = shared.resolve(w[0]);
            if (Files.isRegularFile(t)) {
                cases.add(new String[] {t.toString(), "cut IN -s " + w[1] + " -e " + w[2] + " -o OUT"});
                cases.add(new String[] {t.toString(), "convert IN -o OUT"});
                cases.add(new String[] {t.toString(), "fix-clocks IN -o OUT"});
            }
        }
        return cases;
    }

    @TestFactory
    Stream<DynamicTest> viteReadsWhatWeWrite() throws IOException {
        Assumptions.assumeTrue(Programs.onPath("vite") && Programs.onPath("xvfb-run"),
                "vite or xvfb-run is not installed (apt-get install vite xvfb): skipped");
        return cases().stream().map(c -> DynamicTest.dynamicTest(Path.of(c[0]).getFileName() + ": " + c[1], () -> {
            Path work = Files.createTempDirectory(dir, "case");
            Path out = work.resolve("out.trace");
            String[] args = c[1].replace("IN", c[0]).replace("OUT", out.toString()).split(" ");
            CliRun.Result r = CliRun.run(args);
            assertThat(r.exit()).as("%s", r).isZero();
            int[] input = vite(Path.of(c[0]).toAbsolutePath(), Files.createTempDirectory(dir, "input"));
            int[] written = vite(out, work);
            assertThat(written[0]).as("ViTE's errors on what paje %s wrote (the input had %d)", args[0], input[0])
                    .isLessThanOrEqualTo(args[0].equals("fix-clocks") ? input[0] : 0);
            assertThat(written[1]).as("ViTE's warnings (the input had %d)", input[1]).isLessThanOrEqualTo(input[1]);
        }));
    }

    /** {errors, warnings} ViTE reports for {@code trace}, run in {@code work} (where it writes log.txt and out.svg). */
    private static int[] vite(Path trace, Path work) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("xvfb-run", "-a", "vite", "-e", work.resolve("out.svg").toString(), trace.toString())
                .directory(work.toFile()).redirectErrorStream(true).redirectOutput(work.resolve("vite.out").toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("vite did not finish within 60 s on " + trace);
        }
        String said = Files.readString(work.resolve("vite.out"), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as("vite's exit on %s: %s", trace, said).isZero();
        Path log = work.resolve("log.txt"); // written only when ViTE found problems
        if (!Files.exists(log)) {
            assertThat(said).as("vite on %s", trace).doesNotContain("ERROR");
            return new int[] {0, 0};
        }
        String text = Files.readString(log, StandardCharsets.ISO_8859_1);
        Matcher m = COUNTS.matcher(text);
        assertThat(m.find()).as("ViTE's log for %s: %s", trace, text).isTrue();
        return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
    }
}
