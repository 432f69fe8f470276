package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.paje.TraceLoader;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code /api/source}: lines of files under the source directory, and nothing outside it. */
class SourceApiTest {
    private static final String SECRET = "TOP-SECRET-CONTENT";

    @TempDir
    static Path tmp;
    private static ViewerServer server;
    private static Api api;

    @BeforeAll
    static void start() throws IOException {
        Path src = Files.createDirectories(tmp.resolve("src"));
        List<String> main = new ArrayList<>();
        for (int i = 1; i <= 60; i++) {
            main.add("line " + i + (i == 42 ? " read(file);" : ""));
        }
        Files.write(src.resolve("main.c"), main);
        Files.createDirectories(src.resolve("lib/deep"));
        Files.writeString(src.resolve("lib/deep/io.c"), "a\nb\r\nc\rd\n");
        Files.write(src.resolve("bad.c"), new byte[] {'o', 'k', (byte) 0xff, (byte) 0xfe, '\n'});
        Files.writeString(tmp.resolve("secret.txt"), SECRET + "\n");
        Files.createSymbolicLink(src.resolve("escape.c"), tmp.resolve("secret.txt"));
        Files.createSymbolicLink(src.resolve("up"), tmp);
        Files.createSymbolicLink(src.resolve("inside.c"), src.resolve("main.c"));
        Files.write(src.resolve("big.c"), new byte[(int) SourceHandler.MAX_BYTES + 1]);
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(Path.of("../examples/hello.trace"));
        server = ViewerServer.start(loaded, "hello.trace", "127.0.0.1", 0, "/static-fixture").sources(src);
        api = new Api(server);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String q(String file) {
        return "/api/source?file=" + URLEncoder.encode(file, StandardCharsets.UTF_8);
    }

    private static List<String> lines(JsonNode a) {
        List<String> out = new ArrayList<>();
        a.get("lines").forEach(l -> out.add(l.asText()));
        return out;
    }

    @Test
    void aLineWithItsNeighbours() {
        JsonNode a = api.ok(q("main.c") + "&line=42&context=2");
        assertThat(a.get("file").asText()).isEqualTo("main.c");
        assertThat(a.get("path").asText()).isEqualTo("main.c");
        assertThat(a.get("line").asInt()).isEqualTo(42);
        assertThat(a.get("start").asInt()).isEqualTo(40);
        assertThat(a.get("total").asInt()).isEqualTo(60);
        assertThat(lines(a)).containsExactly("line 40", "line 41", "line 42 read(file);", "line 43", "line 44");
        assertThat(lines(api.ok(q("main.c") + "&line=42"))).hasSize(2 * SourceHandler.DEFAULT_CONTEXT + 1);
    }

    @Test
    void lineBoundsAreClippedOrRefused() {
        JsonNode first = api.ok(q("main.c") + "&line=1&context=3");
        assertThat(first.get("start").asInt()).isEqualTo(1);
        assertThat(lines(first)).containsExactly("line 1", "line 2", "line 3", "line 4");
        assertThat(lines(api.ok(q("main.c") + "&line=60&context=3"))).containsExactly("line 57", "line 58", "line 59", "line 60");
        assertThat(api.get(q("main.c") + "&line=61").status()).isEqualTo(404);
        assertThat(api.get(q("main.c") + "&line=61").json().get("error").asText()).contains("has 60 lines");
        assertThat(api.get(q("main.c") + "&line=0").status()).isEqualTo(400);
        assertThat(api.get(q("main.c") + "&line=-3").status()).isEqualTo(400);
        assertThat(api.get(q("main.c") + "&line=x").status()).isEqualTo(400);
        assertThat(api.get(q("main.c") + "&line=2&context=51").status()).isEqualTo(400);
        JsonNode top = api.ok(q("main.c"));
        assertThat(top.get("line").isNull()).isTrue();
        assertThat(lines(top)).hasSize(11).startsWith("line 1");
    }

    @Test
    void absoluteBuildPathsAndBaseNamesAreFound() {
        JsonNode tail = api.ok(q("/home/ci/build/proj/lib/deep/io.c") + "&line=2&context=0");
        assertThat(tail.get("path").asText()).isEqualTo("lib/deep/io.c");
        assertThat(lines(tail)).containsExactly("b");
        assertThat(api.ok(q("C:\\build\\io.c") + "&line=3&context=0").get("path").asText()).isEqualTo("lib/deep/io.c");
        assertThat(api.ok(q("../src/main.c") + "&line=42&context=0").get("path").asText()).isEqualTo("main.c");
        JsonNode all = api.ok(q("io.c") + "&context=5");
        assertThat(all.get("total").asInt()).isEqualTo(4);
        assertThat(lines(all)).containsExactly("a", "b", "c", "d"); // \n, \r\n and \r all end lines
        assertThat(api.ok(q("inside.c") + "&line=42&context=0").get("path").asText()).isEqualTo("main.c");
    }

    @Test
    void badBytesAreReplaced() {
        assertThat(lines(api.ok(q("bad.c") + "&line=1&context=0")).get(0)).startsWith("ok").contains("\uFFFD");
    }

    @ParameterizedTest
    @ValueSource(strings = {"../secret.txt", "../../secret.txt", "/etc/passwd", "%2e%2e/secret.txt", "..%2fsecret.txt",
        "....//secret.txt", "up/secret.txt", "escape.c", "src/../../secret.txt", "/proc/self/environ"})
    void nothingOutsideTheSourceDirectory(String file) {
        Api.Answer a = api.get(q(file));
        assertThat(a.status()).as("%s", a).isIn(403, 404);
        assertThat(a.text()).doesNotContain(SECRET).contains("error");
        Api.Answer raw = api.get("/api/source?file=" + file); // also as the client sends it, unencoded
        assertThat(raw.status()).as("%s", raw).isIn(400, 403, 404);
        assertThat(raw.text()).doesNotContain(SECRET);
    }

    @Test
    void aSymlinkLeadingOutsideIsForbidden() {
        Api.Answer a = api.get(q("escape.c"));
        assertThat(a.status()).isEqualTo(403);
        assertThat(a.json().get("error").asText()).contains("outside the source directory");
        assertThat(api.get(q("up/secret.txt")).status()).isEqualTo(403);
    }

    @Test
    void missingDirectoriesNulAndHugeFilesAreRefused() {
        assertThat(api.get(q("nope.c")).status()).isEqualTo(404);
        assertThat(api.get(q("lib")).status()).isEqualTo(404); // a directory is not a source file
        assertThat(api.get(q("main.c\0.txt")).status()).isEqualTo(400);
        assertThat(api.get("/api/source?file=").status()).isEqualTo(400);
        assertThat(api.get("/api/source").status()).isEqualTo(400);
        assertThat(api.get(q("big.c")).status()).isEqualTo(413);
    }

    @Test
    void withoutSourceDirectoryItSaysHowToGiveOne() throws IOException {
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(Path.of("../examples/hello.trace"));
        try (ViewerServer plain = ViewerServer.start(loaded, "hello.trace", "127.0.0.1", 0, "/static-fixture")) {
            Api.Answer a = new Api(plain).get(q("main.c") + "&line=42");
            assertThat(a.status()).isEqualTo(404);
            assertThat(a.json().get("error").asText()).contains("--source DIR");
        }
    }
}
