package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paje.TraceLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code paje view} on an OTF2 archive: the viewer's API serves the imported trace (containers, types,
 * window). The archive is written at test time by Debian's OTF2 Python bindings; skipped without them.
 */
class Otf2ViewApiTest {
    @TempDir
    Path dir;

    @Test
    void theViewerServesAnOtf2Archive() throws Exception {
        boolean python = Files.isExecutable(Path.of("/usr/bin/python3"))
                && new ProcessBuilder("/usr/bin/python3", "-c", "import otf2").start().waitFor() == 0;
        assumeTrue(python, "skipped: /usr/bin/python3 lacks Debian's OTF2 bindings (apt-get install -y python3-otf2)");
        Process p = new ProcessBuilder("/usr/bin/python3", "../core/src/test/resources/dev/paje/imports/otf2/write_archive.py",
                dir.resolve("run").toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(dir.resolve("run").resolve("traces.otf2"));
        assertThat(loaded.problems()).isEmpty();
        try (ViewerServer server = ViewerServer.start(loaded, "traces.otf2", "127.0.0.1", 0, "/static-fixture")) {
            Api api = new Api(server);
            Api.Answer meta = api.get("/api/meta");
            assertThat(meta.status()).isEqualTo(200);
            assertThat(meta.text()).contains("Master thread (MPI Rank 0)", "MPI message", "Region", "flops [FLOP]");
            Api.Answer window = api.get("/api/window?start=0&end=0.051&width=800&containers=");
            assertThat(window.status()).as(window.toString()).isEqualTo(200);
        }
    }
}
