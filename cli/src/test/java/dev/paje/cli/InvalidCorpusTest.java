package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every trace of the shared corpus that {@code pj_dump} rejects must be rejected by {@code validate}
 * and {@code dump}, and the first problem must be on the line {@code pj_dump} names in its error
 * ({@code Line: N} in the matching {@code .pj_dump_error} file).
 */
class InvalidCorpusTest {
    private static final Pattern PJ_DUMP_LINE = Pattern.compile("Line: (\\d+)");
    private static final Pattern PROBLEM_LINE = Pattern.compile(":(\\d+): ");

    @TestFactory
    Stream<DynamicTest> invalidTracesFailOnPjDumpsLine() throws IOException {
        // A skip inside a dynamic test (rather than in the factory) shows in the reports with its message.
        String shared = System.getProperty("paje.shared");
        if (shared == null || shared.isBlank()) {
            return skip("system property paje.shared is not set: skipping the invalid corpus");
        }
        Path invalid = Path.of(shared, "traces", "invalid");
        if (!Files.isDirectory(invalid)) {
            return skip("shared corpus not found at " + invalid + ": skipping the invalid corpus");
        }
        List<Path> traces;
        try (Stream<Path> s = Files.list(invalid)) {
            traces = s.filter(p -> p.getFileName().toString().endsWith(".trace")).sorted().toList();
        }
        assertThat(traces).as("no *.trace in %s", invalid).isNotEmpty();
        return traces.stream().map(t -> DynamicTest.dynamicTest(t.getFileName().toString(), () -> check(t)));
    }

    private static Stream<DynamicTest> skip(String why) {
        return Stream.of(DynamicTest.dynamicTest("shared corpus", () -> Assumptions.abort(why)));
    }

    private static void check(Path trace) throws IOException {
        Path error = trace.resolveSibling(trace.getFileName() + ".pj_dump_error");
        assertThat(error).as("every invalid trace comes with its pj_dump error").exists();
        String pj = Files.readString(error, StandardCharsets.UTF_8);
        Matcher m = PJ_DUMP_LINE.matcher(pj);
        assertThat(m.find()).as("no 'Line: N' in %s:%n%s", error, pj).isTrue();
        long expected = Long.parseLong(m.group(1));

        for (String command : List.of("validate", "dump")) {
            CliRun.Result r = CliRun.run(command, trace.toString());
            assertThat(r.exit()).as("%s %s%n%s", command, trace.getFileName(), r).isEqualTo(1);
            assertThat(r.err()).as("%s: no stack trace%n%s", command, r)
                    .doesNotContain("Exception").doesNotContain("\tat ").doesNotContainIgnoringCase("internal error");
            String first = null;
            for (String l : r.err().split("\r?\n")) {
                if (l.startsWith(trace + ":")) {
                    first = l;
                    break;
                }
            }
            assertThat(first).as("%s prints no FILE:LINE: problem%n%s", command, r).isNotNull();
            Matcher pm = PROBLEM_LINE.matcher(first.substring(trace.toString().length()));
            assertThat(pm.lookingAt()).as("%s: first problem has no line number: %s%n%s", command, first, r).isTrue();
            assertThat(Long.parseLong(pm.group(1)))
                    .as("%s: line of the first problem (pj_dump: %s)%n%s", command, pj.strip(), r)
                    .isEqualTo(expected);
        }
    }
}
