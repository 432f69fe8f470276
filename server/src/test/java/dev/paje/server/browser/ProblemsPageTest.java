package dev.paje.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.TraceLoader;
import dev.paje.server.ViewerServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The problems panel (issue 16 item 9): many similar problems are one kind with its count, each listed as
 * FILE:LINE; the panel closes and opens again from the toolbar. The trace is examples/hello.trace with, after
 * its line 139, 40 events in containers that do not exist (ghost0..ghost39) and 3 events whose time is not
 * a number.
 */
class ProblemsPageTest extends PageTest {

    @Test
    void similarProblemsAreGroupedByKindWithCountsAndThePanelCloses(@TempDir Path dir) throws IOException {
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(Path.of("../examples/hello.trace")));
        assertThat(lines.get(138)).isEqualTo("13 1.1 t11 E checkpoint");
        List<String> bad = new java.util.ArrayList<>();
        for (int i = 0; i < 40; i++) {
            bad.add("13 1.1 ghost" + i + " E checkpoint");
        }
        for (int i = 0; i < 3; i++) {
            bad.add("13 soon" + i + " t11 E checkpoint");
        }
        lines.addAll(139, bad); // lines 140 to 182
        Path trace = dir.resolve("broken.trace");
        Files.write(trace, lines);
        TraceLoader.Loaded loaded = TraceLoader.builder().collectProblems(100).build().load(trace);
        assertThat(loaded.problems()).hasSize(43);
        try (ViewerServer server = ViewerServer.start(loaded, "broken.trace", "127.0.0.1", 0)) {
            load(server, "");
            page.waitForSelector("#problems:not([hidden])");
            assertThat(page.textContent("#problems h2")).startsWith("43 problems of 2 kinds in the trace");
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> kinds = (List<Map<String, Object>>) page.evaluate("paje.problems");
            assertThat(kinds).hasSize(2);
            assertThat(kinds.get(0).get("count")).isEqualTo(40);
            assertThat((String) kinds.get(0).get("kind")).startsWith("unknown container '…'");
            assertThat(kinds.get(1).get("count")).isEqualTo(3);
            assertThat(page.locator("#problems summary").allTextContents())
                    .satisfiesExactly(s -> assertThat(s).startsWith("40 × unknown container '…'"),
                            s -> assertThat(s).startsWith("3 × "));
            // every problem with its file and line, in file order within its kind
            List<String> locations = page.locator("#problems .loc").allTextContents();
            assertThat(locations).hasSize(43);
            for (int i = 0; i < 40; i++) {
                assertThat(locations.get(i)).isEqualTo(trace + ":" + (140 + i)); // the file as it was given
            }
            assertThat(locations.subList(40, 43)).containsExactly(trace + ":180", trace + ":181", trace + ":182");
            assertThat(page.textContent("#problems details:nth-of-type(1) li:nth-child(7)")).contains("ghost6");
            assertThat(page.textContent("#problems details:nth-of-type(1) summary")).endsWith("(first at " + trace + ":140)");
            // the long kind is closed to its count, the short one open: both kinds show at once
            assertThat(page.evaluate("[...document.querySelectorAll('#problems details')].map(d => d.open)"))
                    .isEqualTo(List.of(false, true));
            screenshot("problems-grouped");
            page.click("#problems details:nth-of-type(1) summary");
            assertThat(page.isVisible("#problems details:nth-of-type(1) li:nth-child(7)")).isTrue();

            // closed: the plot takes the room, the toolbar can open it again
            double before = num("paje.plot.height");
            page.click("#problems-close");
            page.waitForSelector("#problems", new com.microsoft.playwright.Page.WaitForSelectorOptions()
                    .setState(com.microsoft.playwright.options.WaitForSelectorState.HIDDEN));
            assertThat(page.textContent("#btn-problems")).isEqualTo("⚠ 43 problems");
            page.waitForFunction("h => paje.plot.height > h", before);
            page.click("#btn-problems");
            page.waitForSelector("#problems:not([hidden])");
            assertThat(page.isHidden("#btn-problems")).isTrue();
        }
    }

    @Test
    void aTraceWithoutProblemsHasNoPanelNorButton() throws IOException {
        try (ViewerServer server = ViewerServer.start(TraceLoader.builder().build().load(Path.of("../examples/hello.trace")),
                "hello.trace", "127.0.0.1", 0)) {
            load(server, "");
            assertThat(page.isHidden("#problems")).isTrue();
            assertThat(page.isHidden("#btn-problems")).isTrue();
        }
    }
}
