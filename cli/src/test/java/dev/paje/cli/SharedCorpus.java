package dev.paje.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/** The valid traces of the shared corpus ({@code -Dpaje.shared}, default ../shared); skips with a message when absent. */
final class SharedCorpus {
    private SharedCorpus() {
    }

    static List<Path> validTraces() throws IOException {
        Path dir = Path.of(System.getProperty("paje.shared", "../shared"), "traces", "valid");
        Assumptions.assumeTrue(Files.isDirectory(dir), "shared corpus not found at " + dir + ": skipping (set -Dpaje.shared=...)");
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".trace")).sorted().toList();
        }
    }
}
