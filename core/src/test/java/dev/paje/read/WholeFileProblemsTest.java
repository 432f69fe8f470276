package dev.paje.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.TraceLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A problem about the whole file still names a line: the last one, where events were expected at the latest. */
class WholeFileProblemsTest {
    @TempDir
    Path dir;

    private List<Problem> problems(String text) throws IOException {
        Path trace = Files.writeString(dir.resolve("t.trace"), text);
        return TraceLoader.builder().collectProblems(10).build().load(trace).problems();
    }

    @Test
    void aHeaderWithoutEventsPointsAtTheLastLine() throws IOException {
        String header = String.join("\n", Files.readString(Path.of("../examples/hello.trace")).lines()
                .filter(l -> l.startsWith("%") || l.startsWith("#")).toList());
        long lines = header.lines().count();
        assertThat(problems(header + "\n\n# nothing after the header\n"))
                .extracting(Problem::line, Problem::message)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(lines + 2,
                        "trace has a header but no events: nothing to simulate (expected event lines after the header)"));
    }

    @Test
    void aFileOfCommentsIsEmptyAtItsLastLine() throws IOException {
        assertThat(problems("# only\n# comments\n\n")).extracting(Problem::line, Problem::message)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(3L, "empty trace: no event definitions and no events"));
    }

    @Test
    void anEmptyFileHasNoLineToName() throws IOException {
        assertThat(problems("")).extracting(Problem::line).containsExactly(0L);
    }
}
