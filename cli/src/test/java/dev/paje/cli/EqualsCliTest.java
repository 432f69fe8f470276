package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.Corpus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code paje equals} answers as PajeNG's {@code pj_equals} ({@link PajeNg}: a build of its current
 * source, or Debian's 1.3.6) on pairs of the shared corpus: each trace with itself, with others,
 * with -i, with a prefix of itself (cut at 60% of its lines, read with -z), and with windows. Debian's
 * 1.3.6 ends a window by start times where PajeNG 1.3.7 and later use end times (what paje follows):
 * the window cases run only against a current pj_equals.
 */
class EqualsCliTest {
    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> sameAnswerAsPjEquals() throws IOException {
        Path pjEquals = PajeNg.tool("pj_equals");
        Assumptions.assumeTrue(pjEquals != null, "pj_equals is not installed (apt-get install pajeng): skipped");
        boolean current = PajeNg.current(pjEquals);
        List<Path> traces = Corpus.traces("valid").stream().filter(EqualsCliTest::small).toList();
        List<List<String>> cases = new ArrayList<>();
        for (int i = 0; i < traces.size(); i++) {
            String a = traces.get(i).toString();
            cases.add(List.of(a, a));
            cases.add(List.of(a, traces.get((i + 1) % traces.size()).toString()));
            cases.add(List.of(a, traces.get((i + 7) % traces.size()).toString(), "-i"));
            cases.add(List.of(a, "PREFIX", "-z"));
            cases.add(List.of(a, a, "-s", "0", "-e", "0.5", "-t", "0", "-d", "1"));
            cases.add(List.of(a, "PREFIX", "-z", "-e", "1", "-d", "1"));
            cases.add(List.of(a, a, "-s", "1", "-e", "2", "-t", "1", "-d", "2.0000001"));
        }
        return cases.stream().map(c -> DynamicTest.dynamicTest(String.join(" ", c).replaceAll("\\S*/shared/traces/valid/", ""), () -> {
            boolean window = c.stream().anyMatch(x -> x.equals("-e") || x.equals("-s"));
            Assumptions.assumeTrue(current || !window, "Debian's pj_equals 1.3.6 slices windows otherwise: skipped");
            List<String> args = c.stream().map(x -> x.equals("PREFIX") ? prefix(Path.of(c.get(0))).toString() : x).toList();
            List<String> pj = new ArrayList<>(List.of(pjEquals.toString()));
            pj.addAll(args);
            String expected = PajeNg.run(pj);
            List<String> ours = new ArrayList<>(List.of("equals"));
            ours.addAll(args);
            CliRun.Result r = CliRun.run(ours.toArray(String[]::new));
            assertThat(r.exit()).as(r.toString()).isZero();
            assertThat(r.out()).isEqualTo(expected);
        }));
    }

    /** The header of {@code trace} and the first 60% of its other lines (a valid trace but for links left open). */
    private Path prefix(Path trace) {
        try {
            List<String> lines = Files.readAllLines(trace, StandardCharsets.ISO_8859_1); // bytes kept as they are
            Path p = dir.resolve("prefix-" + trace.getFileName());
            int header = 0;
            for (int i = 0; i < lines.size(); i++) {
                header = lines.get(i).startsWith("%") ? i + 1 : header;
            }
            int cut = Math.max(header + 1, header + (lines.size() - header) * 6 / 10);
            Files.write(p, lines.subList(0, Math.min(cut, lines.size())), StandardCharsets.ISO_8859_1);
            return p;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static boolean small(Path p) {
        try {
            return Files.size(p) < 400_000;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aChangedValueIsADifferenceThatDiffNames() throws IOException {
        Path a = Path.of("../examples/hello.trace");
        Path b = Files.writeString(dir.resolve("b.trace"), Files.readString(a).replace("10 0 t11 S run", "10 0 t11 S Zzz"));
        assertThat(Files.readString(b)).isNotEqualTo(Files.readString(a));
        CliRun.Result r = CliRun.run("equals", a.toString(), b.toString(), "--diff");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).startsWith("0\n").contains("in the first trace, 'Zzz' in the second");
        assertThat(CliRun.run("equals", a.toString(), a.toString()).out()).isEqualTo("1\n");
    }

    @Test
    void quietAnswersWithTheExitCodeAsPjEqualsDoes() throws IOException {
        Path a = Path.of("../examples/hello.trace");
        CliRun.Result same = CliRun.run("equals", "-q", a.toString(), a.toString());
        assertThat(same.exit()).isEqualTo(1);
        assertThat(same.out()).isEmpty();
        Path other = Files.writeString(dir.resolve("c.trace"), Files.readString(a).replace("10 0 t11 S run", "10 0 t11 S Zzz"));
        CliRun.Result r = CliRun.run("equals", "-q", a.toString(), other.toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aBrokenTraceIsExitOneWithItsProblem() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.trace"), "%EventDef PajeDefineContainerType 0\n% Alias string\n"
                + "% Type string\n% Name string\n%EndEventDef\n0 P 1 Process\n");
        CliRun.Result r = CliRun.run("equals", "../examples/hello.trace", bad.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains(bad + ":6:");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void diffTakesAPositiveCount() {
        CliRun.Result r = CliRun.run("equals", "../examples/hello.trace", "../examples/hello.trace", "--diff", "0");
        assertThat(r.exit()).isEqualTo(2);
    }
}
