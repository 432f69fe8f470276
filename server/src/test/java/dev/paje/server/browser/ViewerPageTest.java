package dev.paje.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import dev.paje.TraceLoader;
import dev.paje.server.ServedTrace;
import dev.paje.server.ViewerServer;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The viewer page in a real browser (Debian's Chromium, driven by Playwright) over examples/hello.trace.
 * Every wait is on the page's own model (window.paje) or on the DOM, never a fixed sleep.
 * Screenshots go to target/screenshots/.
 */
class ViewerPageTest extends PageTest {
    @RegisterExtension
    static final ServedTrace HELLO = ServedTrace.page("../examples/hello.trace").collectProblems(100);

    private double[] view() {
        return new double[] {num("paje.view.start"), num("paje.view.end")};
    }

    /** {@code text} written to {@code file} and loaded, its problems collected. */
    private static TraceLoader.Loaded loadWritten(Path file, String text) throws IOException {
        Files.writeString(file, text);
        return TraceLoader.builder().collectProblems(100).build().load(file);
    }

    /** hello.trace with {@code lines} before the destruction of p2 at 3.5 s, written to {@code file}, loaded (no problems) and served. */
    private static ViewerServer serveHelloWith(Path file, CharSequence lines) throws IOException {
        String text = Files.readString(Path.of("../examples/hello.trace")).replace("7 3.5 P p2", lines + "7 3.5 P p2");
        TraceLoader.Loaded loaded = loadWritten(file, text);
        assertThat(loaded.problems()).isEmpty();
        return ViewerServer.start(loaded, file.getFileName().toString(), "127.0.0.1", 0);
    }

    /** Clicks a toolbar button, waits until the page is idle and checks the view it shows then. */
    private void clickThenView(String button, double start, double end) {
        page.click(button);
        idle();
        assertThat(view()).as("view after %s", button).containsExactly(start, end);
    }

    /** Page x of time t. */
    /** Page y of the top of the first lane of a container's row. */
    private double laneTop(String container) {
        return num("paje.rows.find(r => r.container === " + id(container) + ").lanes[0].y");
    }

    @SuppressWarnings("unchecked")
    private List<Integer> rowIds() {
        return ((List<Number>) page.evaluate("paje.rows.map(r => r.container)")).stream().map(Number::intValue).toList();
    }

    private static void assertColor(BufferedImage img, double x, double y, int r, int g, int b) {
        int rgb = img.getRGB((int) Math.round(x), (int) Math.round(y));
        int[] got = {(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255};
        assertThat(got[0]).as("red at %.0f,%.0f", x, y).isCloseTo(r, within(14));
        assertThat(got[1]).as("green at %.0f,%.0f", x, y).isCloseTo(g, within(14));
        assertThat(got[2]).as("blue at %.0f,%.0f", x, y).isCloseTo(b, within(14));
    }

    @Test
    void drawsRowsStatesEventsLinksAndVariables() throws IOException {
        load(HELLO.server(), "");
        assertThat(view()).containsExactly(0.0, 4.0);
        assertThat(rowIds()).contains(id("node-1"), id("rank 0"), id("rank 0 / main"), id("rank 0 / io"),
                id("rank 1"), id("rank 1 / main"), id("rank 1 / io"));
        assertThat(num("paje.drawn.states")).isGreaterThanOrEqualTo(10);
        assertThat(num("paje.drawn.events")).isEqualTo(2);
        assertThat(num("paje.drawn.links")).isEqualTo(2);
        assertThat(num("paje.drawn.variables")).isGreaterThanOrEqualTo(5);
        assertThat(page.locator("#tree .row").allTextContents()).contains("rank 0 / main", "rank 1 / io");
        assertThat(page.locator("#legend .entry").allTextContents()).contains("Running", "Blocked", "Reading file");
        assertThat(page.isVisible("#problems")).isFalse();
        assertThat(String.valueOf(page.evaluate("paje.ruler.join('|')"))).contains("1.0 s|").contains("2.0 s|");

        BufferedImage img = screenshot("hello-overview");
        double top = laneTop("rank 0 / main");
        // "Reading file" (0.3 0.3 0.9) pushed over Running at 0.5..0.8 s, drawn inside the outer state
        assertColor(img, x(0.65), top + 5, 77, 77, 230);
        // Running (0.2 0.8 0.2) around it, at level 0 (full lane height)
        assertColor(img, x(0.65), top + 2, 51, 204, 51);
        assertColor(img, x(3.0), top + 12, 51, 204, 51);
        // Blocked (0.9 0.2 0.2) on rank 0 / io before 1.2 s
        assertColor(img, x(0.6), laneTop("rank 0 / io") + 16, 230, 51, 51);
    }

    @Test
    void showsTheLoadingProgressThenTheTrace() throws IOException {
        try (ViewerServer loading = ViewerServer.starting("big.trace", "127.0.0.1", 0)) {
            loading.progress().start("big.trace", 200L << 20);
            loading.progress().advance(84L << 20);
            page.navigate(loading.url());
            Locator box = page.locator("#loading");
            box.waitFor();
            assertThat(page.locator("#loading-text").textContent()).startsWith("Loading big.trace: 42% (84 of 200 MB)");
            assertThat(num("parseFloat(document.getElementById('loading-bar').style.width)")).isEqualTo(42.0);
            screenshot("loading");
            loading.progress().advance(190L << 20);
            page.waitForFunction("() => document.getElementById('loading-text').textContent.includes('95%')");
            loading.ready(TraceLoader.builder().build().load(Path.of("../examples/hello.trace")));
            page.waitForSelector("body[data-ready=\"1\"]");
            idle();
            assertThat(box.isHidden()).isTrue();
            assertThat(num("paje.rows.length")).isGreaterThan(3);
            assertThat(num("paje.drawn.states")).isGreaterThan(0);
        }
    }

    @Test
    void wheelZoomsAroundTheCursorAndButtonsFollowJed() throws IOException {
        load(HELLO.server(), "");
        double y = laneTop("rank 1 / io") + 12;
        page.mouse().move(x(1.0), y);
        page.mouse().wheel(0, -400);
        page.waitForFunction("() => paje.view.end - paje.view.start < 3.5");
        idle();
        double[] v = view();
        assertThat(v[0]).isGreaterThan(0.0);
        assertThat(v[1]).isLessThan(4.0);
        // the time under the cursor stays under the cursor
        assertThat((1.0 - v[0]) / (v[1] - v[0])).isCloseTo(0.25, within(0.01));

        clickThenView("#btn-all", 0.0, 4.0);
        clickThenView("#btn-in", 0.0, 2.0);
        clickThenView("#btn-right", 1.0, 3.0);
        clickThenView("#btn-in", 1.0, 2.0);
        clickThenView("#btn-end", 3.0, 4.0);
        clickThenView("#btn-left", 2.5, 3.5);
        clickThenView("#btn-out", 2.0, 4.0);
        clickThenView("#btn-start", 0.0, 2.0);
        // back and forward through the zoom history
        clickThenView("#btn-back", 2.0, 4.0);
        clickThenView("#btn-forward", 0.0, 2.0);
        // the keyboard: + zooms in around the centre, arrows pan
        page.keyboard().press("+");
        idle();
        assertThat(view()).containsExactly(0.5, 1.5);
        page.keyboard().press("ArrowRight");
        idle();
        assertThat(view()[0]).isCloseTo(0.6, within(1e-9));
        // the time inputs
        page.fill("#in-start", "250 ms");
        page.fill("#in-end", "0.75");
        page.press("#in-end", "Enter");
        page.waitForFunction("() => paje.view.start === 0.25");
        idle();
        assertThat(view()).containsExactly(0.25, 0.75);
        screenshot("zoomed");
    }

    @Test
    void dragPans() {
        load(HELLO.server(), "#view=1,3");
        double y = laneTop("rank 1 / io") + 12;
        double width = num("paje.plot.width");
        page.mouse().move(x(2.0), y);
        page.mouse().down();
        page.mouse().move(x(2.0) - 100, y, new com.microsoft.playwright.Mouse.MoveOptions().setSteps(5));
        page.mouse().up();
        idle();
        double[] v = view();
        assertThat(v[0]).isCloseTo(1.0 + 100 * 2.0 / width, within(1e-6));
        assertThat(v[1] - v[0]).isCloseTo(2.0, within(1e-9));
        // a drag is not a click: no inspector
        assertThat(page.isVisible("#inspector")).isFalse();
    }

    @Test
    void collapsingAContainerHidesItsChildren() {
        load(HELLO.server(), "");
        int rank0 = id("rank 0");
        assertThat(rowIds()).contains(id("rank 0 / main"), id("rank 0 / io"));
        double before = num("paje.draws");
        page.click("#tree .row[data-container=\"" + rank0 + "\"] .toggle");
        page.waitForFunction("n => paje.draws > n && paje.collapsed.length === 1", before);
        idle();
        assertThat(rowIds()).contains(rank0, id("rank 1 / main")).doesNotContain(id("rank 0 / main"), id("rank 0 / io"));
        // the link from rank 0 / main now starts at its collapsed parent's row
        assertThat(num("paje.drawn.links")).isEqualTo(2);
        page.waitForFunction("() => location.hash.includes('collapsed=" + rank0 + "')");
        page.click("#tree .row[data-container=\"" + rank0 + "\"] .toggle");
        page.waitForFunction("() => paje.collapsed.length === 0");
        assertThat(rowIds()).contains(id("rank 0 / main"));
    }

    @Test
    void hoverShowsATooltipAndHighlightsLinkEnds() throws IOException {
        load(HELLO.server(), "");
        page.mouse().move(x(0.7), laneTop("rank 0 / main") + 12);
        page.waitForSelector("#tooltip:not([hidden])");
        assertThat(page.textContent("#tooltip")).contains("Reading file").contains("0.5 s").contains("300 ms");
        screenshot("hover-state");

        // on a link: both ends' rows are highlighted in the tree
        double ax = x(0.6), ay = laneTop("rank 0 / main") + 12;
        double bx = x(0.9), by = laneTop("rank 1 / main") + 12;
        page.mouse().move(ax + (bx - ax) * 0.5, ay + (by - ay) * 0.5);
        page.waitForFunction("() => paje.hover && paje.hover.kind === 'link'");
        assertThat(page.textContent("#tooltip")).contains("Send").contains("rank 0 / main").contains("rank 1 / main");
        assertThat(page.locator("#tree .row.related").count()).isEqualTo(2);
        screenshot("hover-link");
    }

    @Test
    void clickOpensTheInspector() throws IOException {
        load(HELLO.server(), "");
        page.mouse().click(x(0.7), laneTop("rank 0 / main") + 12);
        page.waitForSelector("#inspector tr[data-field=\"Value\"]");
        assertThat(page.textContent("#inspector tr[data-field=\"Value\"] td")).isEqualTo("Reading file");
        assertThat(page.textContent("#inspector tr[data-field=\"Type\"] td")).isEqualTo("Thread State");
        assertThat(page.textContent("#inspector tr[data-field=\"File\"] td")).isEqualTo("main.c");
        assertThat(page.textContent("#inspector tr[data-field=\"Line\"] td")).isEqualTo("42");
        assertThat(page.textContent("#inspector tr[data-field=\"Level\"] td")).isEqualTo("1");
        assertThat(page.textContent("#inspector tr[data-field=\"Container\"] td")).isEqualTo("/node-1/rank 0/rank 0 / main");
        assertThat(page.textContent("#inspector tr[data-field=\"Duration\"] td")).isEqualTo("300 ms");
        screenshot("inspector");
    }

    @Test
    void followingALinkMovesTheViewToItsOtherEnd() throws IOException {
        load(HELLO.server(), "#view=0,1");
        double ax = x(0.6), ay = laneTop("rank 0 / main") + 12;
        double bx = x(0.9), by = laneTop("rank 1 / main") + 12;
        page.mouse().click(ax + (bx - ax) * 0.2, ay + (by - ay) * 0.2);
        Locator follow = page.locator("#inspector button[data-act=\"follow\"]");
        follow.waitFor();
        assertThat(page.textContent("#inspector tr[data-field=\"To\"] td")).isEqualTo("/node-1/rank 1/rank 1 / main");
        assertThat(follow.textContent()).contains("rank 1 / main");
        follow.click();
        page.waitForFunction("() => paje.focus !== null");
        idle();
        double[] v = view();
        assertThat((v[0] + v[1]) / 2).isCloseTo(0.9, within(1e-9));
        assertThat(v[1] - v[0]).isCloseTo(1.0, within(1e-9));
        assertThat(num("paje.focus.container")).isEqualTo(id("rank 1 / main"));
        screenshot("followed-link");
    }

    @Test
    void aLegendSwatchChangesTheColourOfAValueAndTheUrlKeepsIt() throws IOException {
        load(HELLO.server(), "");
        String blocked = "#legend .entry[data-key=\"4:1\"]";
        assertThat(page.textContent(blocked)).contains("Blocked");
        double y = laneTop("rank 0 / io") + 16;
        assertColor(screenshot("legend-before"), x(0.6), y, 230, 51, 51);
        page.locator(blocked + " input[type=color]").fill("#123456");
        page.waitForFunction("() => paje.colors['4:1'] === '#123456'");
        idle();
        assertColor(screenshot("legend-recoloured"), x(0.6), y, 0x12, 0x34, 0x56);
        assertThat(page.locator(blocked).getAttribute("class")).doesNotContain("hidden-value"); // not toggled
        page.waitForFunction("() => location.hash.includes('colors=4:1:123456')");
        String url = page.url();
        page.navigate("about:blank");
        open(url);
        assertColor(screenshot("legend-reloaded"), x(0.6), y, 0x12, 0x34, 0x56);
        page.click(blocked + " button.reset");
        page.waitForFunction("() => !('4:1' in paje.colors)");
        idle();
        assertColor(screenshot("legend-reset"), x(0.6), y, 230, 51, 51);
    }

    @Test
    void legendTypesAndAllVisibleOrNoneAsJedsEventControl() {
        load(HELLO.server(), "");
        double states = num("paje.drawn.states");
        double events = num("paje.drawn.events");
        assertThat(states).isPositive();
        page.click("#legend .type[data-type=\"4\"] .type-name"); // Thread State
        page.waitForFunction("() => paje.hidden.includes('4:*')");
        idle();
        assertThat(num("paje.drawn.states")).isZero();
        assertThat(num("paje.drawn.events")).isEqualTo(events);
        assertThat(page.locator("#legend .type[data-type=\"4\"]").getAttribute("class")).contains("hidden-type");
        page.click("#legend-hide-all");
        page.waitForFunction("() => paje.hidden.length === paje.meta.types.filter(t => t.kind !== 'container').length");
        idle();
        assertThat(num("paje.drawn.states + paje.drawn.events + paje.drawn.links + paje.drawn.variables")).isZero();
        page.waitForFunction("() => location.hash.includes('hidden=')");
        page.click("#legend-show-all");
        page.waitForFunction("() => paje.hidden.length === 0");
        idle();
        assertThat(num("paje.drawn.states")).isEqualTo(states);
        assertThat(num("paje.drawn.events")).isEqualTo(events);
    }

    @Test
    void aHiDpiScreenGetsACanvasAtItsPixelDensity() throws IOException {
        context.close();
        context = browser().newContext(new Browser.NewContextOptions().setViewportSize(1400, 800).setDeviceScaleFactor(2));
        page = context.newPage();
        page.setDefaultTimeout(15_000);
        load(HELLO.server(), "");
        assertThat(num("devicePixelRatio")).isEqualTo(2.0);
        assertThat(num("document.getElementById('canvas').width")).isEqualTo(2 * num("paje.plot.width"));
        BufferedImage img = screenshot("hidpi");
        assertThat(img.getWidth()).isEqualTo(2800);
        double top = laneTop("rank 0 / main");
        // the same places as at density 1, in device pixels: nested Reading file inside Running, Blocked on io
        assertColor(img, 2 * x(0.65), 2 * (top + 5), 77, 77, 230);
        assertColor(img, 2 * x(3.0), 2 * (top + 12), 51, 204, 51);
        assertColor(img, 2 * x(0.6), 2 * (laneTop("rank 0 / io") + 16), 230, 51, 51);
        // a one-device-pixel boundary: the state edge at 1.2 s on rank 0 / io is sharp (no blended column)
        double edge = 2 * x(1.2);
        int io = (int) Math.round(2 * (laneTop("rank 0 / io") + 16));
        assertColor(img, Math.floor(edge) - 2, io, 230, 51, 51);
        assertColor(img, Math.ceil(edge) + 2, io, 51, 204, 51);
    }

    @Test
    void compactAndFitRowsShowMoreRowsAndTheUrlKeepsTheChoice() throws IOException {
        load(HELLO.server(), "");
        double normal = num("paje.rows.find(r => r.name === 'rank 0 / main').height");
        page.selectOption("#density", "compact");
        page.waitForFunction("() => location.hash.includes('rows=compact')");
        idle();
        double compact = num("paje.rows.find(r => r.name === 'rank 0 / main').height");
        assertThat(compact).isLessThan(normal / 2);
        assertThat(num("paje.drawn.states")).isGreaterThanOrEqualTo(10);
        screenshot("rows-compact");
        // fit: every row on screen, filling at most the plot's height
        page.keyboard().press("r");
        page.waitForFunction("() => location.hash.includes('rows=fit')");
        idle();
        assertThat(num("paje.rows.length")).isEqualTo(num("paje.meta.containers.length - 1")); // all but the root
        double bottom = num("Math.max(...paje.rows.map(r => r.y + r.height))");
        assertThat(bottom).isLessThanOrEqualTo(num("paje.plot.top + paje.plot.height") + 0.5);
        // the colours are where the layout says (Blocked on rank 0 / io before 1.2 s)
        double y = num("(() => { const l = paje.rows.find(r => r.name === 'rank 0 / io').lanes[0]; return l.y + l.height / 2; })()");
        assertColor(screenshot("rows-fit"), x(0.6), y, 230, 51, 51);
        String url = page.url();
        page.navigate("about:blank");
        open(url);
        assertThat(page.inputValue("#density")).isEqualTo("fit");
    }

    @Test
    void theUrlHashRestoresAndRecordsTheView() {
        int rank1 = id0("rank 1");
        load(HELLO.server(), "#view=1,2&collapsed=" + rank1 + "&hidden=4:1");
        assertThat(view()).containsExactly(1.0, 2.0);
        assertThat(rowIds()).contains(rank1).doesNotContain(id("rank 1 / main"), id("rank 1 / io"));
        assertThat(page.locator("#legend .entry.hidden-value").allTextContents()).containsExactly("Blocked");
        page.click("#btn-in");
        page.waitForFunction("() => location.hash.startsWith('#view=1,1.5')");
        // and the recorded hash opens the same view in a new page
        String url = page.url();
        page.navigate("about:blank");
        open(url);
        assertThat(view()).containsExactly(1.0, 1.5);
        assertThat(rowIds()).doesNotContain(id("rank 1 / main"));
    }

    /** A container id from the API, before any page is open. */
    private int id0(String name) {
        page.navigate(HELLO.server().url());
        page.waitForSelector("body[data-ready=\"1\"]");
        return id(name);
    }

    @Test
    void aTraceWithProblemsShowsThem(@TempDir Path dir) throws IOException {
        String text = Files.readString(Path.of("../examples/hello.trace"))
                .replace("13 1.1 t11 E checkpoint", "13 1.1 nowhere E checkpoint");
        TraceLoader.Loaded loaded = loadWritten(dir.resolve("broken.trace"), text);
        assertThat(loaded.problems()).isNotEmpty();
        try (ViewerServer other = ViewerServer.start(loaded, "broken.trace", "127.0.0.1", 0)) {
            load(other, "");
            page.waitForSelector("#problems:not([hidden])");
            assertThat(page.textContent("#problems")).contains("broken.trace:").contains("nowhere");
            // what could be read is still drawn
            assertThat(num("paje.rows.length")).isGreaterThan(0);
            assertThat(num("paje.drawn.states")).isGreaterThan(0);
            screenshot("problems");
        }
    }

    @Test
    void fittedRowsShowHundredsOfContainersAsDominantValues(@TempDir Path dir) throws IOException {
        StringBuilder threads = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            threads.append(String.format(java.util.Locale.ROOT, "6 0 x%d T p1 \"thread %d\"%n10 0 x%d S run%n", i, i, i));
            if ((i / 20) % 2 == 0) { // groups of 20 neighbours alike: a pixel row never mixes two patterns
                threads.append(String.format(java.util.Locale.ROOT, "10 2.0 x%d S io%n", i));
            }
        }
        try (ViewerServer other = serveHelloWith(dir.resolve("many.trace"), threads)) {
            load(other, "#rows=fit");
            assertThat(num("paje.rows.length")).isGreaterThanOrEqualTo(400);
            assertThat(num("paje.rows.find(r => r.name === 'thread 10').height")).isLessThan(3);
            assertThat(num("paje.drawn.summaries")).isGreaterThanOrEqualTo(400);
            String lane = "paje.rows.find(r => r.name === 'thread 10').lanes[0]";
            double y = num(lane + ".y + " + lane + ".height / 2");
            BufferedImage img = screenshot("rows-fit-400");
            assertColor(img, x(1.0), y, 51, 204, 51); // Running
            assertColor(img, x(3.0), y, 77, 77, 230); // Reading file, from 2.0 s in this group
            double y2 = num("(() => { const l = paje.rows.find(r => r.name === 'thread 30').lanes[0]; return l.y + l.height / 2; })()");
            assertColor(img, x(3.0), y2, 51, 204, 51); // Running all along in the next group
            page.mouse().move(x(3.0), y);
            page.waitForSelector("#tooltip:not([hidden])");
            assertThat(page.textContent("#tooltip")).contains("Reading file").contains("fitted row");
        }
    }

    @Test
    void denseDataIsSummarizedAndDrawnDifferently(@TempDir Path dir) throws IOException {
        StringBuilder dense = new StringBuilder();
        for (int i = 0; i < 8000; i++) {
            dense.append(String.format(java.util.Locale.ROOT, "10 %.6f t22 S %s%n", 0.001 + i * 0.0004, i % 3 == 0 ? "io" : "run"));
        }
        for (int i = 0; i < 3000; i++) {
            dense.append(String.format(java.util.Locale.ROOT, "13 %.6f t12 E tick%n", 0.001 + i * 0.001));
        }
        try (ViewerServer other = serveHelloWith(dir.resolve("dense.trace"), dense)) {
            load(other, "");
            assertThat(num("paje.drawn.summaries")).isGreaterThan(100);
            screenshot("dense-summarized");
            // zoomed in far enough, the same states are exact again
            load(other, "#view=1,1.05");
            assertThat(num("paje.drawn.states")).isGreaterThan(100);
            screenshot("dense-zoomed");
        }
    }
}
