package dev.paje;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/** The shared trace corpus ({@code ../shared/traces}); tests skip, saying so, when it is absent. */
public final class Corpus {
    private Corpus() {
    }

    public static Path root() {
        String p = System.getProperty("paje.shared", "../shared");
        return Path.of(p).toAbsolutePath().normalize();
    }

    /** The traces of one folder (valid, invalid, legacy), sorted; skips the test when absent. */
    public static List<Path> traces(String folder) throws IOException {
        Path dir = root().resolve("traces").resolve(folder);
        assumeTrue(Files.isDirectory(dir), "shared corpus absent: " + dir + " (set -Dpaje.shared=...)");
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(f -> f.getFileName().toString().endsWith(".trace")).sorted().toList();
        }
    }

    /** The reference file next to {@code trace} with {@code suffix} (plain or .gz), or null. */
    public static String reference(Path trace, String suffix) throws IOException {
        Path plain = trace.resolveSibling(trace.getFileName() + suffix);
        if (Files.exists(plain)) {
            return Files.readString(plain, StandardCharsets.UTF_8);
        }
        Path gz = trace.resolveSibling(trace.getFileName() + suffix + ".gz");
        if (Files.exists(gz)) {
            try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        return null;
    }
}
