package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.Corpus;
import dev.paje.TraceLoader;
import dev.paje.format.Shortest;
import dev.paje.store.Container;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code paje cut} on every valid trace of the shared corpus and on our own traces, for a few
 * windows each (a middle one, one on times where states change, a zero-width one, the whole
 * trace): the cut must pass {@code paje validate}, and its {@code paje dump} must equal the
 * window of the original, clipped as documented ({@link CutOracle}).
 */
class CutCorpusTest {
    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> sharedCorpus() throws IOException {
        return Corpus.traces("valid").stream()
                .map(t -> DynamicTest.dynamicTest(t.getFileName().toString(), () -> checkWindows(t)));
    }

    @TestFactory
    Stream<DynamicTest> ownTraces() {
        return Stream.of("../examples/hello.trace", "src/test/resources/export/edges.trace")
                .map(t -> DynamicTest.dynamicTest(t, () -> {
                    Path trace = Path.of(t);
                    checkWindows(trace);
                    Trace original = TraceLoader.builder().build().load(trace).trace();
                    // windows on the times where things change, nest, end and start again
                    for (double[] w : new double[][] {{1, 2}, {2, 3}, {1, 1}, {2, 2}, {0.5, 3.5}, {1.5, 2.5}, {2.2, 3}}) {
                        check(trace, original, w[0], w[1]);
                    }
                }));
    }

    private void checkWindows(Path trace) throws IOException {
        Trace original = TraceLoader.builder().build().load(trace).trace();
        assertThat(original).as("%s loads", trace).isNotNull();
        double t0 = original.start();
        double span = original.end() - t0;
        List<double[]> windows = new ArrayList<>(List.of(
                new double[] {t0 + 0.3 * span, t0 + 0.6 * span},
                new double[] {t0 + 0.5 * span, t0 + 0.5 * span},
                new double[] {t0, original.end()}));
        double[] changes = stateChanges(original);
        if (changes.length >= 4) {
            windows.add(new double[] {changes[changes.length / 3], changes[2 * changes.length / 3]});
        }
        for (double[] w : windows) {
            check(trace, original, w[0], w[1]);
        }
        // the whole trace cut is the whole trace
        List<String> whole = dump(cut(trace, t0, original.end()));
        assertThat(whole).as("%s: cut of the whole trace", trace).isEqualTo(dump(trace));
    }

    private void check(Path trace, Trace original, double s, double e) throws IOException {
        String what = trace.getFileName() + " [" + Shortest.format(s) + ", " + Shortest.format(e) + "]";
        Path cut = cut(trace, s, e);
        CliRun.Result v = CliRun.run("validate", cut.toString());
        assertThat(v.exit()).as("%s: the cut must be valid\n%s\n%s", what, v, Files.readString(cut)).isZero();
        CutOracle oracle = new CutOracle(original, s, e);
        Set<String> window = new HashSet<>(dump(trace, "-s", Shortest.format(s), "-e", Shortest.format(e)));
        assertThat(window).as("%s: every entity kept is in the original's dump -s -e", what)
                .containsAll(oracle.unclipped);
        List<String> expected = new ArrayList<>(oracle.expected);
        expected.sort(null);
        assertThat(dump(cut)).as("%s: dump of the cut = the window of the original, clipped", what)
                .isEqualTo(expected);
    }

    private Path cut(Path trace, double s, double e) {
        Path out = dir.resolve(trace.getFileName() + "." + Shortest.format(s) + "-" + Shortest.format(e) + ".trace");
        CliRun.Result r = CliRun.run("cut", trace.toString(), "-s", Shortest.format(s), "-e", Shortest.format(e),
                "-o", out.toString());
        assertThat(r.exit()).as("cut %s\n%s", trace, r).isZero();
        return out;
    }

    /** The lines of {@code paje dump --exact-values}, sorted. */
    private static List<String> dump(Path trace, String... options) {
        List<String> args = new ArrayList<>(List.of("dump", "--exact-values"));
        args.addAll(Arrays.asList(options));
        args.add(trace.toString());
        CliRun.Result r = CliRun.run(args.toArray(String[]::new));
        assertThat(r.exit()).as("dump %s\n%s", trace, r).isZero();
        List<String> lines = new ArrayList<>(Arrays.asList(r.out().split("\n")));
        lines.removeIf(String::isEmpty);
        lines.sort(null);
        return lines;
    }

    /** Start times of states, sorted: windows on them test the ties at the window's edges. */
    private static double[] stateChanges(Trace trace) {
        List<Double> times = new ArrayList<>();
        for (Container c : trace.containers()) {
            for (Type t : trace.types()) {
                if (c.table(t) instanceof StateTable s) {
                    for (int i = 0; i < s.size(); i++) {
                        times.add(s.start(i));
                    }
                }
            }
        }
        return times.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    }
}
