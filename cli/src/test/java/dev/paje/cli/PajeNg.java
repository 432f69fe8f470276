package dev.paje.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * PajeNG's tools for the tests that compare with them: from the directory named by the property
 * {@code paje.pajeng} or the variable {@code PAJENG_BIN} (a build of PajeNG's current source, which
 * has pj_dump_csv and whose pj_dump wrote the shared corpus' references), else Debian's in /usr/bin
 * (PajeNG 1.3.6: no pj_dump_csv, quotes dropped from names, windows ended by start times).
 */
final class PajeNg {
    private PajeNg() {
    }

    /** The tool {@code name}, or null when it is not installed. */
    static Path tool(String name) {
        String dir = System.getProperty("paje.pajeng", System.getenv("PAJENG_BIN"));
        Path p = dir != null && !dir.isEmpty() ? Path.of(dir, name) : Path.of("/usr/bin", name);
        return Files.isExecutable(p) ? p : null;
    }

    /**
     * True when {@code tool} comes from PajeNG's current source, the one the corpus' references were
     * written with: known by its pj_dump_csv beside it (added after 1.3.10). Both builds print
     * "Development build" for -v, so the version cannot tell.
     */
    static boolean current(Path tool) {
        return Files.isExecutable(tool.resolveSibling("pj_dump_csv"));
    }

    /** Runs {@code command}; its standard output (stderr dropped). */
    static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(new ArrayList<>(command)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(command + " did not end within 120 s");
        }
        return out;
    }
}
