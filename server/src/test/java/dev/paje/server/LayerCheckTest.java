package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layer rules of docs/architecture.md, checked in the build: dev/check-layers (imports only downward, no
 * circle, in the page and in Java) and tsc --checkJs over the page's JSDoc types. Both need node: without it
 * these tests fail and say so (.ci/run installs it); tsc is skipped, with a message, only when dev/node_modules
 * is absent (npm ci --prefix dev).
 */
class LayerCheckTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();

    private record Run(int exit, String output) {
    }

    private static String node() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            Path p = Path.of(dir, "node");
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        throw new AssertionError("node is not installed: the layer checks (dev/check-layers, tsc) need it; "
                + "apt-get install -y nodejs npm (.ci/run does)");
    }

    private static Run run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(REPO.toFile()).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    @Test
    void importsPointOnlyDownTheLayersWithNoCircle() throws Exception {
        Run r = run(List.of(node(), "dev/check-layers"));
        assertThat(r.exit()).as(r.output()).isZero();
        assertThat(r.output()).contains("page (").contains("Java (").contains("0 import circle(s), 0 upward import(s)");
    }

    @Test
    void theCheckFindsCirclesAndUpwardImports(@TempDir Path dir) throws Exception {
        Path page = dir.resolve("server/src/main/resources/static");
        write(page.resolve("model/a.js"), "import { b } from '../ui/b.js';\nexport const a = 1;\n");
        write(page.resolve("ui/b.js"), "import { a } from '../model/a.js';\nexport const b = a;\n");
        write(page.resolve("app/main.js"), "import '../ui/b.js';\n");
        Path java = dir.resolve("core/src/main/java/dev/paje");
        write(java.resolve("store/Table.java"), "package dev.paje.store;\nimport dev.paje.read.Reader;\nclass Table {}\n");
        write(java.resolve("read/Reader.java"), "package dev.paje.read;\nimport dev.paje.store.Table;\nclass Reader {}\n");
        Run r = run(List.of(node(), "dev/check-layers", dir.toString()));
        assertThat(r.exit()).as(r.output()).isEqualTo(1);
        assertThat(r.output())
                .contains("page (server/src/main/resources/static, 3 files): 1 import circle(s) through 2 nodes, 1 upward import(s)")
                .contains("upward: model/a.js [model] imports ui/b.js [ui]")
                .contains("Java (2 packages): 1 import circle(s) through 2 nodes, 1 upward import(s)")
                .contains("upward: core:dev.paje.store [store] imports core:dev.paje.read [read]");
    }

    @Test
    void thePageTypeChecks() throws Exception {
        Path tsc = REPO.resolve("dev/node_modules/typescript/bin/tsc");
        String node = node();
        Assumptions.assumeTrue(Files.isRegularFile(tsc),
                "tsc skipped: dev/node_modules is absent (npm ci --prefix dev installs TypeScript; .ci/run does)");
        List<String> command = new ArrayList<>(List.of(node, tsc.toString(), "-p", "dev/tsconfig.json"));
        Run r = run(command);
        assertThat(r.exit()).as(r.output()).isZero();
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
