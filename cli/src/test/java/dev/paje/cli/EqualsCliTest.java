package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code paje equals} answers as PajeNG's {@code pj_equals} (Debian's, when installed) on pairs of the
 * shared corpus, with windows and -i; and on our own variants: a renamed value, a case change, a cut.
 */
class EqualsCliTest {
    private static final Path PJ_EQUALS = Path.of("/usr/bin/pj_equals");

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> sameAnswerAsPjEquals() throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(PJ_EQUALS), "pj_equals is not installed (apt-get install pajeng): skipped");
        List<Path> traces = SharedCorpus.validTraces().stream().filter(EqualsCliTest::small).toList();
        List<List<String>> cases = new ArrayList<>();
        for (int i = 0; i < traces.size(); i++) {
            String a = traces.get(i).toString();
            cases.add(List.of(a, a));
            cases.add(List.of(a, traces.get((i + 1) % traces.size()).toString()));
            cases.add(List.of(a, traces.get((i + 7) % traces.size()).toString(), "-i"));
            cases.add(List.of(a, a, "-s", "0", "-e", "0.5", "-t", "0", "-d", "1"));
        }
        return cases.stream().map(c -> DynamicTest.dynamicTest(String.join(" ", c).replace("../shared/traces/valid/", ""), () -> {
            String expected = pjEquals(c);
            List<String> args = new ArrayList<>(List.of("equals"));
            args.addAll(c);
            CliRun.Result r = CliRun.run(args.toArray(String[]::new));
            assertThat(r.exit()).as(r.toString()).isZero();
            assertThat(r.out()).isEqualTo(expected);
        }));
    }

    private static boolean small(Path p) {
        try {
            return Files.size(p) < 400_000;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String pjEquals(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(PJ_EQUALS.toString()));
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return out;
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
        assertThat(CliRun.run("equals", "-q", a.toString(), a.toString()).exit()).isEqualTo(1);
        Path other = Files.writeString(dir.resolve("c.trace"), Files.readString(a).toUpperCase(java.util.Locale.ROOT)
                .replace("%EVENTDEF", "%EventDef").replace("%ENDEVENTDEF", "%EndEventDef"));
        CliRun.Result r = CliRun.run("equals", "-q", a.toString(), other.toString());
        Assumptions.assumeTrue(r.err().isEmpty(), "the upper-cased trace does not load: " + r.err());
        assertThat(r.exit()).isZero();
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
