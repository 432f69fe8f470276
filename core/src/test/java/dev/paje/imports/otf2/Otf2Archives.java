package dev.paje.imports.otf2;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * OTF2 archives for tests, written at test time by {@code write_archive.py} with Debian's OTF2 Python
 * bindings ({@code /usr/bin/python3}: pyenv or venv Pythons do not see Debian's modules), and the
 * reference reader {@code otf2-print}. Tests that need them are skipped, saying why, when they are absent.
 */
final class Otf2Archives {
    static final String PYTHON = "/usr/bin/python3";

    private Otf2Archives() {
    }

    static void assumeWriter() {
        assumeTrue(Files.isExecutable(Path.of(PYTHON)) && exitCode(List.of(PYTHON, "-c", "import otf2")) == 0,
                "skipped: /usr/bin/python3 lacks Debian's OTF2 bindings (apt-get install -y python3-otf2)");
    }

    static void assumeOtf2Print() {
        assumeTrue(exitCode(List.of("otf2-print", "--version")) == 0,
                "skipped: otf2-print, the reference reader, is not installed (apt-get install -y otf2-tools)");
    }

    /** Writes an archive into {@code dir/name} with the writer's options; returns its anchor file. */
    static Path write(Path dir, String name, String... options) throws IOException {
        assumeWriter();
        Path script = dir.resolve("write_archive.py");
        if (!Files.exists(script)) {
            try (InputStream in = Otf2Archives.class.getResourceAsStream("write_archive.py")) {
                Files.copy(in, script);
            }
        }
        List<String> cmd = new ArrayList<>(List.of(PYTHON, script.toString(), dir.resolve(name).toString()));
        cmd.addAll(List.of(options));
        String out = run(cmd);
        Path anchor = dir.resolve(name).resolve("traces.otf2");
        if (!Files.exists(anchor)) {
            throw new IllegalStateException("the writer made no archive: " + out);
        }
        return anchor;
    }

    static String run(List<String> cmd) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", cmd) + " failed: " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return out;
    }

    /** Whether {@code program} is an executable on the PATH. */
    static boolean onPath(String program) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, program))) {
                return true;
            }
        }
        return false;
    }

    private static int exitCode(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(60, TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
