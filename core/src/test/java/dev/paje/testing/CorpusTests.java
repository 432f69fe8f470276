package dev.paje.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paje.Corpus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.ThrowingConsumer;

/** Dynamic tests over traces of the shared corpus ({@link Corpus}): one test a trace, named by its file. */
public final class CorpusTests {
    private CorpusTests() {
    }

    /** One test per trace of {@code names} found among the corpus's valid traces; skips, saying so, without the corpus. */
    public static Stream<DynamicTest> eachValid(List<String> names, ThrowingConsumer<Path> check) {
        Path dir = Corpus.root().resolve("traces").resolve("valid");
        assumeTrue(Files.isDirectory(dir), "shared corpus absent: " + dir + " (set -Dpaje.shared=...)");
        return each(names.stream().map(dir::resolve).filter(Files::isRegularFile).toList(), check);
    }

    /** One test per trace of {@code traces}. */
    public static Stream<DynamicTest> each(List<Path> traces, ThrowingConsumer<Path> check) {
        return traces.stream().map(t -> DynamicTest.dynamicTest(t.getFileName().toString(), () -> check.accept(t)));
    }
}
