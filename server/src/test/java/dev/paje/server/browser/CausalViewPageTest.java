package dev.paje.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.microsoft.playwright.Page;
import dev.paje.TraceLoader;
import dev.paje.server.ServedTrace;
import dev.paje.server.ViewerServer;
import dev.paje.testing.EventDefs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The logical-time axis and gap folding in a real browser: causal/skew.trace (clocks out of step:
 * two messages arrive before they leave) and causal/gaps.trace (long idle spans). Waits on window.paje.
 */
@Viewport(height = 700)
class CausalViewPageTest extends PageTest {
    @RegisterExtension
    static final ServedTrace SKEW = ServedTrace.page("src/test/resources/causal/skew.trace");
    @RegisterExtension
    static final ServedTrace GAPS = ServedTrace.page("src/test/resources/causal/gaps.trace");
    /** skew.trace with a counter on proc1 updated 400 times. */
    @RegisterExtension
    static final ServedTrace COUNTERS = ServedTrace.started(CausalViewPageTest::counters);

    private static ViewerServer counters() throws IOException {
        String text = java.nio.file.Files.readString(Path.of("src/test/resources/causal/skew.trace"));
        StringBuilder b = new StringBuilder(text.replace("\n0 M 0 Machine", "\n" + EventDefs.of("""
                PajeDefineVariableType 20 Alias Type Name
                PajeSetVariable 21 Time Type Container Value:double
                """) + "0 M 0 Machine")).append("20 C P Counter\n");
        for (int i = 1; i < 400; i++) { // every 25 ms from 0.025 to 9.975 s
            b.append("21 ").append(i * 0.025).append(" C p1 ").append(i).append('\n');
        }
        Path file = java.nio.file.Files.createTempFile("counters", ".trace");
        java.nio.file.Files.writeString(file, b);
        try {
            return ViewerServer.start(TraceLoader.builder().build().load(file), "counters.trace", "127.0.0.1", 0);
        } finally {
            java.nio.file.Files.delete(file);
        }
    }

    private void waitAxis(String axis) {
        page.waitForFunction("() => paje.axis === '" + axis + "'");
        page.waitForFunction(IDLE);
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> arrows() {
        return (List<Map<String, Object>>) page.evaluate("paje.arrows()");
    }

    private static double d(Map<String, Object> m, String k) {
        return ((Number) m.get(k)).doubleValue();
    }

    @Test
    void logicalTimeMakesEveryMessagePointRight() throws IOException {
        load(SKEW.server(), "");
        List<Map<String, Object>> real = arrows();
        assertThat(real).hasSize(4);
        assertThat(real.stream().filter(a -> d(a, "x1") < d(a, "x0")).count()).isEqualTo(2); // the two tachyons
        page.click("#btn-logical");
        waitAxis("logical");
        page.waitForFunction("() => paje.arrows().length === 4");
        for (Map<String, Object> a : arrows()) {
            assertThat(d(a, "x1")).as("arrow %s", a).isGreaterThan(d(a, "x0") + 5);
            assertThat(d(a, "end")).isGreaterThan(d(a, "start"));
        }
        assertThat(String.valueOf(page.evaluate("paje.ruler.join('|')"))).startsWith("step ").contains("|step ");
        assertThat(page.locator("#in-start").inputValue()).startsWith("step ");
        page.waitForFunction("() => location.hash.includes('time=logical')");
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("logical-skew.png")));
        page.keyboard().press("l");
        waitAxis("real");
        assertThat(num("paje.view.start")).isCloseTo(0, within(1e-9));
        assertThat(num("paje.view.end")).isCloseTo(10, within(1e-9));
        page.waitForFunction("() => !location.hash.includes('time=logical')");
    }

    @Test
    void logicalStepsComeFromStatesEventsAndLinksAndVariablesFollow() throws IOException {
        load(COUNTERS.server(), "#time=logical&collapsed=");
        waitAxis("logical");
        // 400 counter updates add no step: the axis is the skew trace's own, 5 clocks and one step more
        assertThat(num("paje.view.end")).isCloseTo(6, within(1e-9));
        assertThat(String.valueOf(page.evaluate("paje.ruler.join('|')"))).startsWith("step ").doesNotContain("step 7");
        for (Map<String, Object> a : arrows()) {
            assertThat(d(a, "x1")).as("arrow %s", a).isGreaterThan(d(a, "x0") + 5);
        }
        // the counter is drawn along proc1's steps, from its first update to the end of the axis
        assertThat(num("paje.drawn.variables + paje.drawn.summaries")).isPositive();
        String lane = "paje.rows.find(r => r.name === 'proc1').lanes.find(l => l.kind === 'variable')";
        double y = num(lane + ".y + " + lane + ".height / 2");
        for (double step : new double[] {0.5, 2.5, 4.5}) {
            page.mouse().move(x(step), y);
            page.waitForFunction("() => paje.hover && paje.hover.kind && paje.hover.kind.startsWith('variable')");
        }
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("logical-counters.png")));
    }

    @Test
    void theAxisRoundTripsThroughTheUrl() {
        load(SKEW.server(), "#view=1,5&time=logical");
        assertThat(page.evaluate("paje.axis")).isEqualTo("logical");
        assertThat(num("paje.view.start")).isEqualTo(1.0);
        assertThat(num("paje.view.end")).isEqualTo(5.0);
        assertThat(page.evaluate("document.getElementById('btn-logical').classList.contains('on')")).isEqualTo(true);
        page.reload();
        page.waitForSelector("body[data-ready=\"1\"]");
        page.waitForFunction(IDLE);
        assertThat(page.evaluate("paje.axis")).isEqualTo("logical");
        assertThat(num("paje.view.end") - num("paje.view.start")).isEqualTo(4.0);
    }

    @Test
    void theInspectedEntityStaysSelectedAndInView() {
        load(SKEW.server(), "");
        // the message k2 from proc3 at 4 s to proc1 at 6 s: click its middle
        Map<String, Object> k2 = arrows().stream().filter(a -> d(a, "start") == 4.0).findFirst().orElseThrow();
        double mid = (d(k2, "x0") + d(k2, "x1")) / 2;
        double y = num("paje.plot.top") + (d(k2, "y0") + d(k2, "y1")) / 2;
        page.mouse().click(num("paje.plot.left") + mid, y);
        page.waitForFunction("() => paje.selection && paje.selection.kind === 'link'");
        int row = (int) num("paje.selection.row");
        page.keyboard().press("L");
        waitAxis("logical");
        assertThat(page.evaluate("paje.selection && paje.selection.kind")).isEqualTo("link");
        assertThat((int) num("paje.selection.row")).isEqualTo(row);
        assertThat(page.isVisible("#inspector")).isTrue();
        // the same link, now drawn left to right, inside the view
        page.waitForFunction("() => paje.arrows().some(a => a.row === " + row + ")");
        Map<String, Object> now = arrows().stream().filter(a -> ((Number) a.get("row")).intValue() == row
                && d(a, "from") == d(k2, "from")).findFirst().orElseThrow();
        assertThat(d(now, "x0")).isGreaterThanOrEqualTo(0).isLessThan(d(now, "x1"));
        assertThat(d(now, "x1")).isLessThanOrEqualTo(num("paje.plot.width"));
    }

    @Test
    void idleGapsFoldIntoCutsThatOpenOnClick() throws IOException {
        load(GAPS.server(), "#fold=10%25");
        assertThat(page.evaluate("paje.folding.on")).isEqualTo(true);
        page.waitForFunction("() => paje.folds && paje.folds.length === 3");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> folds = (List<Map<String, Object>>) page.evaluate("paje.folds");
        assertThat(folds.stream().map(f -> List.of(d(f, "start"), d(f, "end"))).toList())
                .containsExactly(List.of(2.0, 8.0), List.of(9.0, 15.0), List.of(15.0, 20.0));
        // six idle seconds take a cut's width; the busy second before 2 s gets far more than linear
        double left = num("paje.plot.left");
        assertThat(num("paje.pageX(8)") - num("paje.pageX(2)")).isCloseTo(14, within(0.5));
        assertThat(num("paje.pageX(2)") - num("paje.pageX(1)")).isGreaterThan(num("paje.plot.width") / 20 * 3);
        assertThat(num("paje.pageX(0)")).isCloseTo(left, within(0.5));
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("gaps-folded.png")));
        // a click on the first cut opens it
        page.mouse().click(d(folds.get(0), "x") + left + 7, num("paje.rows[paje.rows.length - 1].y") + 8);
        page.waitForFunction("() => paje.folds.length === 2 && !paje.pending");
        page.waitForFunction(IDLE);
        assertThat(num("paje.pageX(8)") - num("paje.pageX(2)")).isGreaterThan(100);
        page.keyboard().press("Shift+G");
        page.waitForFunction("() => !paje.folding.on && paje.folds.length === 0");
        page.waitForFunction("() => !location.hash.includes('fold=')");
        assertThat(num("paje.pageX(10)") - num("paje.pageX(0)")).isCloseTo(num("paje.plot.width") / 2, within(1.0));
    }
}
