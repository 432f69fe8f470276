package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.paje.TraceLoader;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The viewer serves a JFR recording as it is: an error thrown here is an event whose File and Line
 * lead {@code /api/source} back to the line of this file that threw it.
 */
class JfrViewTest {
    private static final Path SOURCES = Path.of("src/test/java");
    private static final String FILE = "dev/paje/server/JfrViewTest.java";

    @TempDir
    static Path tmp;
    private static ViewerServer server;
    private static Api api;

    @BeforeAll
    static void start() throws Exception {
        Path recording = tmp.resolve("view.jfr");
        try (Recording r = new Recording(Configuration.getConfiguration("profile"))) {
            r.start();
            Thread thrower = new Thread(JfrViewTest::fail, "jfr-view-thrower");
            thrower.start();
            thrower.join();
            r.stop();
            r.dump(recording);
        }
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(recording);
        assertThat(loaded.problems()).isEmpty();
        server = ViewerServer.start(loaded, "view.jfr", "127.0.0.1", 0, "/static-fixture").sources(SOURCES);
        api = new Api(server);
    }

    private static void fail() {
        try {
            throw new AssertionError("click-back from a recording"); // the line the event leads to
        } catch (AssertionError expected) {
            assertThat(expected).hasMessageContaining("click-back");
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String q(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Test
    void anErrorLeadsBackToTheLineThatThrewIt() throws Exception {
        JsonNode found = api.ok("/api/search?q=" + q("Detail ~ click-back from a recording"));
        assertThat(found.get("total").asInt()).isEqualTo(1);
        JsonNode match = found.get("matches").get(0);
        JsonNode entity = api.ok("/api/entity?container=" + match.get("container").asInt() + "&type="
                + match.get("type").asInt() + "&row=" + match.get("row").asInt());
        assertThat(entity.get("value").asText()).isEqualTo("Error");
        assertThat(entity.get("containerPath").asText()).contains("jfr-view-thrower");
        JsonNode fields = entity.get("fields");
        assertThat(fields.get("File").asText()).isEqualTo(FILE);
        List<String> lines = Files.readAllLines(SOURCES.resolve(FILE));
        int expected = 1 + lines.indexOf(lines.stream().filter(l -> l.contains("throw new AssertionError(")).findFirst()
                .orElseThrow());
        assertThat(fields.get("Line").asInt()).isEqualTo(expected);
        JsonNode source = api.ok("/api/source?file=" + q(fields.get("File").asText()) + "&line="
                + fields.get("Line").asText() + "&context=0");
        assertThat(source.get("lines").get(0).asText()).contains("throw new AssertionError(\"click-back");
    }
}
