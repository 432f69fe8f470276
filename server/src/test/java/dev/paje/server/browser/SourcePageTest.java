package dev.paje.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import dev.paje.TraceLoader;
import dev.paje.server.ViewerServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Source click-back in Chromium: examples/hello.trace with two more states at main.c:44, served with a source
 * directory holding main.c. Every wait is on the page's model (window.paje) or the DOM; screenshots in target/screenshots/.
 */
@Viewport(height = 860)
class SourcePageTest extends PageTest {

    @TempDir
    static Path tmp;
    private static ViewerServer server;

    @BeforeAll
    static void start() throws IOException {
        Path src = Files.createDirectories(tmp.resolve("src"));
        List<String> main = new ArrayList<>();
        for (int i = 1; i <= 60; i++) {
            main.add(i == 42 ? "    read(fd, buf, n);   /* line 42 */" : i == 44 ? "    write(out, buf, n); /* line 44 */" : "    step(" + i + ");");
        }
        Files.write(src.resolve("main.c"), main);
        String text = Files.readString(Path.of("../examples/hello.trace"))
                .replace("11 1.4 t12 S io io.c 7", "11 1.4 t12 S io main.c 44\n11 1.5 t22 S io main.c 44\n12 1.7 t22 S");
        Path trace = Files.writeString(tmp.resolve("lines.trace"), text);
        server = ViewerServer.start(TraceLoader.builder().build().load(trace), "lines.trace", "127.0.0.1", 0).sources(src);
    }

    @AfterAll
    static void stop() {
        if (server != null) server.close();
    }

    @Test
    void aStateShowsItsSourceLineAndALineFindsItsEntities() throws IOException {
        page.navigate(server.url() + "#view=0,4");
        page.waitForSelector("body[data-ready=\"1\"]");
        page.waitForFunction(IDLE);
        double laneTop = num("paje.rows.find(r => r.container === " + id("rank 0 / main") + ").lanes[0].y");
        page.mouse().click(num("paje.pageX(0.65)"), laneTop + 12);
        page.waitForFunction("() => paje.source && paje.source.state === 'ready'");
        assertThat(num("paje.source.line")).isEqualTo(42);
        assertThat(page.evaluate("paje.source.path")).isEqualTo("main.c");
        assertThat(page.textContent("#inspector .source-lines li.current")).contains("42").contains("read(fd, buf, n);");
        assertThat(page.locator("#inspector .source-lines li").count()).isEqualTo(9); // 38..46
        assertThat(page.textContent("#inspector .source-caption")).contains("main.c:42");
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("source-panel.png")));

        // click-forward: line 44 finds the two states written there, selects the first and dims the rest
        page.click("#inspector .source-lines li[data-line=\"44\"]");
        page.waitForFunction("() => paje.search && paje.search.state === 'ready' && paje.search.q === 'File = main.c & Line = 44'");
        assertThat(num("paje.search.total")).isEqualTo(2);
        assertThat(page.isChecked("#search-dim")).isTrue();
        page.waitForFunction("() => paje.selection && paje.selection.entity && paje.selection.entity.fields.Line === '44'");
        assertThat(num("paje.selection.container")).isEqualTo(id("rank 0 / io"));
        page.waitForFunction("() => paje.source && paje.source.state === 'ready' && paje.source.line === 44");
        assertThat(page.textContent("#inspector .source-lines li.current")).contains("write(out, buf, n);");
        page.click("#btn-all");
        page.waitForFunction("() => paje.dimmed && paje.dimmed.q === 'File = main.c & Line = 44' && paje.dimmed.window[1] === 4");
        page.waitForFunction(IDLE);
        assertThat(num("paje.dimmed.matches")).isEqualTo(2);
        page.click("#search-next"); // ‹ › walk through the entities of that line
        page.waitForFunction("() => paje.search.index === 1 && paje.selection && paje.selection.container === " + id("rank 1 / io"));
        page.waitForFunction(IDLE);
        page.mouse().move(10, 500);
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("source-click-forward.png")));
    }

    @Test
    void withoutSourceDirectoryThePanelSaysHowToGiveOne() throws IOException {
        try (ViewerServer plain = ViewerServer.start(TraceLoader.builder().build().load(Path.of("../examples/hello.trace")),
                "hello.trace", "127.0.0.1", 0)) {
            page.navigate(plain.url() + "#view=0,4");
            page.waitForSelector("body[data-ready=\"1\"]");
            page.waitForFunction(IDLE);
            page.fill("#search", "File = main.c");
            page.press("#search", "Enter");
            page.waitForFunction("() => paje.source && paje.source.state === 'error'");
            assertThat(page.textContent("#inspector .source-note")).contains("--source DIR");
            assertThat(page.textContent("#inspector .source-caption")).contains("main.c:42");
        }
    }
}
