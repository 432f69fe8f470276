package dev.paje.server.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.microsoft.playwright.Download;
import com.microsoft.playwright.Mouse;
import com.microsoft.playwright.Page;
import dev.paje.TraceLoader;
import dev.paje.server.ServedTrace;
import dev.paje.server.ViewerServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The viewer's analysis features in Chromium over examples/hello.trace: time-slice statistics and marks.
 * Every wait is on the page's model (window.paje) or the DOM; screenshots go to target/screenshots/.
 */
@Viewport(height = 860, downloads = true)
class AnalysisPageTest extends PageTest {
    @RegisterExtension
    static final ServedTrace HELLO = ServedTrace.page("../examples/hello.trace");
    /** The statistics shown are those of the slice selected now. */
    private static final String STATS_READY = "() => paje.slice && paje.stats && paje.stats.state === 'ready'"
            + " && paje.stats.start === paje.slice.start && paje.stats.end === paje.slice.end";

    private double rulerY() {
        return num("(() => { const r = document.getElementById('ruler').getBoundingClientRect(); return r.top + r.height / 2; })()");
    }

    /** The share a pie of the panel shows for a container and value name (from its slice's data attribute). */
    private double pieShare(String container, String value) {
        return num("(() => { const t = paje.meta.types.find(t => t.name === 'Thread State');"
                + " const v = t.values.find(v => v.name === '" + value + "').id;"
                + " const p = document.querySelector(`#stats .pie[data-container=\"" + id(container) + "\"] [data-value=\"${v}\"]`);"
                + " return p ? Number(p.dataset.share) : -1; })()");
    }

    @Test
    void dragOnTheRulerShowsTheSharesOfTheSlice() throws IOException {
        load(HELLO.server(), "");
        double y = rulerY();
        page.mouse().move(x(0.5), y);
        page.mouse().down();
        page.mouse().move(x(1.5), y, new Mouse.MoveOptions().setSteps(6));
        page.mouse().up();
        page.waitForFunction(STATS_READY);
        double s = num("paje.slice.start"), e = num("paje.slice.end");
        assertThat(s).isCloseTo(0.5, within(0.01));
        assertThat(e).isCloseTo(1.5, within(0.01));
        // rank 0 / main: "Reading file" on top from 0.5 to 0.8, Running the rest of the slice
        double reading = (0.8 - Math.max(s, 0.5)) / (e - s);
        assertThat(pieShare("rank 0 / main", "Reading file")).isCloseTo(reading, within(1e-9));
        assertThat(pieShare("rank 0 / main", "Running")).isCloseTo(1 - reading, within(1e-9));
        // rank 1 / main: Running until 1.0, then Blocked
        assertThat(pieShare("rank 1 / main", "Blocked")).isCloseTo((e - 1.0) / (e - s), within(1e-9));
        assertThat(page.locator("#stats .pie").count()).isEqualTo(4);
        assertThat(page.textContent("#stats .stats-table.events")).contains("rank 0 / main").contains("checkpoint");
        assertThat(page.textContent("#stats .stats-table.links")).contains("node-1").contains("Send");
        assertThat(page.textContent("#stats .stats-table.variables")).contains("rank 0").contains("Memory (MB)");
        assertThat(page.locator("#stats-range").textContent()).contains("→");
        page.mouse().move(x(2.5), num("paje.plot.top") + 40);
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("stats-pies.png")));

        // Esc clears the slice, its band and the panel
        page.keyboard().press("Escape");
        page.waitForFunction("() => paje.slice === null && document.getElementById('stats').hidden");
        page.waitForFunction("() => !location.hash.includes('slice=')");
    }

    @Test
    void aSliceInTheUrlShowsExactSharesAndExportsThem() throws IOException {
        load(HELLO.server(), "#view=0,4&slice=0.5,1.5");
        page.waitForFunction(STATS_READY);
        assertThat(pieShare("rank 0 / main", "Reading file")).isCloseTo(0.3, within(1e-12));
        assertThat(pieShare("rank 0 / main", "Running")).isCloseTo(0.7, within(1e-12));
        assertThat(page.textContent("#stats .pie[data-container=\"" + id("rank 0 / main") + "\"]")).contains("70.0%").contains("30.0%");
        Download download = page.waitForDownload(() -> page.click("#stats-csv"));
        String csv = Files.readString(download.path());
        assertThat(csv.lines().findFirst().orElseThrow()).startsWith("kind,container,type,value,count,time,share,innermost_time");
        String[] reading = csv.lines().filter(l -> l.startsWith("state,/node-1/rank 0/rank 0 / main,Thread State,Reading file,"))
                .findFirst().orElseThrow().split(",");
        assertThat(reading[4]).isEqualTo("1");
        assertThat(Double.parseDouble(reading[5])).isCloseTo(0.3, within(1e-12));
        assertThat(Double.parseDouble(reading[8])).isCloseTo(0.3, within(1e-12));
        assertThat(csv).contains("event,/node-1/rank 0/rank 0 / main,Marker,checkpoint,1,");
        // grouped by process, over all containers
        page.selectOption("#stats-scope", "all");
        page.selectOption("#stats-group", (String.valueOf((int) num("paje.meta.types.find(t => t.name === 'Process').id"))));
        page.waitForFunction("() => paje.stats.state === 'ready' && paje.stats.groupBy !== null && paje.stats.scope === 'all'");
        assertThat(num("paje.stats.answer.subjects.length")).isEqualTo(2);
        assertThat(page.locator("#stats .pie figcaption").allTextContents()).containsExactly("rank 0", "rank 1");
    }

    @Test
    void lowerGGoesToAMarkUpperGFoldsGapsAndQuestionMarkShowsTheKeys() {
        load(HELLO.server(), "#view=0,1&marks=3");
        assertThat(num("paje.marks.length")).isEqualTo(1);
        page.keyboard().press("g");
        page.waitForFunction("() => paje.view.start <= 3 && paje.view.end >= 3");
        assertThat(page.evaluate("paje.folding.on")).isEqualTo(false);
        page.keyboard().press("Shift+G");
        page.waitForFunction("() => paje.folding.on");
        page.keyboard().press("?");
        page.waitForFunction("() => document.getElementById('help').classList.contains('overlay')");
        assertThat(page.isVisible("#help")).isTrue();
        assertThat(page.textContent("#help")).contains("g: go to mark", "G: fold idle gaps", "?: show these keys");
        page.keyboard().press("Escape");
        page.waitForFunction("() => !document.getElementById('help').classList.contains('overlay')");
    }

    /** Values of the pie of {@code container} and of the legend, in the order they are drawn. */
    @SuppressWarnings("unchecked")
    private List<String> drawnValues(String container) {
        return (List<String>) page.evaluate("Array.from(document.querySelectorAll(`#stats .pie[data-container=\"" + id(container)
                + "\"] [data-value]`)).map(e => e.dataset.value)");
    }

    @Test
    void movingTheSliceKeepsTheOrderOfValues() {
        // rank 0 / main: Running 0.7 and Reading file 0.3 of [0.5, 1.5], but Reading file 0.6 of [0.4, 0.9]
        load(HELLO.server(), "#view=0,4&slice=0.5,1.5");
        page.waitForFunction(STATS_READY);
        List<String> first = drawnValues("rank 0 / main");
        String legend = page.textContent("#stats .states");
        page.navigate(HELLO.server().url() + "#view=0,4&slice=0.4,0.9");
        page.waitForFunction("() => paje.slice && paje.slice.start === 0.4");
        page.waitForFunction(STATS_READY);
        assertThat(pieShare("rank 0 / main", "Reading file")).isCloseTo(0.6, within(1e-9));
        assertThat(first).hasSize(2);
        assertThat(drawnValues("rank 0 / main")).isEqualTo(first);
        assertThat(legend.indexOf("Running") < legend.indexOf("Reading file"))
                .isEqualTo(page.textContent("#stats .states").indexOf("Running") < page.textContent("#stats .states").indexOf("Reading file"));
    }

    @SuppressWarnings("unchecked")
    private List<Double> marks() {
        return ((List<Number>) page.evaluate("paje.marks")).stream().map(Number::doubleValue).toList();
    }

    @Test
    void marksAreSetRotatedDeletedAndKeptInTheUrl() throws IOException {
        load(HELLO.server(), "#view=1,3");
        double y = num("paje.rows.find(r => r.container === " + id("rank 1 / io") + ").lanes[0].y") + 10;
        page.mouse().move(x(1.5), y);
        page.keyboard().press("m");
        page.waitForFunction("() => paje.marks && paje.marks.length === 1");
        double cursorMark = marks().get(0);
        assertThat(cursorMark).isCloseTo(1.5, within(0.005));
        page.click("#marks-set");
        page.waitForFunction("() => paje.marks.length === 2");
        assertThat(marks()).containsExactly(2.0, cursorMark); // the new mark is the current one, at the head
        assertThat(page.locator("#marks-list li.current .t").textContent()).isEqualTo("2 s");
        // Rotate: the current mark goes to the tail and the view is centred on the next one, same resolution
        page.keyboard().press("n");
        page.waitForFunction("m => paje.marks[0] === m && paje.view.start !== 1", cursorMark);
        page.waitForFunction(IDLE);
        assertThat(marks()).containsExactly(cursorMark, 2.0);
        assertThat(num("(paje.view.start + paje.view.end) / 2")).isCloseTo(cursorMark, within(1e-9));
        assertThat(num("paje.view.end - paje.view.start")).isCloseTo(2.0, within(1e-9));
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("marks.png")));

        // the URL round trip restores the queue, current mark first
        page.waitForFunction("() => location.hash.includes('marks=" + cursorMark + ",2')");
        String url = page.url();
        page.navigate("about:blank");
        page.navigate(url);
        page.waitForSelector("body[data-ready=\"1\"]");
        page.waitForFunction(IDLE);
        assertThat(marks()).containsExactly(cursorMark, 2.0);
        assertThat(page.locator("#marks-list li").count()).isEqualTo(2);
        // go to a mark from the list makes it current; delete one, then all
        page.click("#marks-list li[data-time=\"2\"] button[data-act=\"go\"]");
        page.waitForFunction("() => paje.marks[0] === 2 && (paje.view.start + paje.view.end) / 2 === 2");
        page.click("#marks-list li.current button[data-act=\"del\"]");
        page.waitForFunction("() => paje.marks.length === 1");
        assertThat(marks()).containsExactly(cursorMark);
        page.click("#marks-clear");
        page.waitForFunction("() => paje.marks.length === 0 && !location.hash.includes('marks=')");
    }

    private void search(String q) {
        page.fill("#search", q);
        page.press("#search", "Enter");
        page.waitForFunction("q => paje.search && paje.search.q === q && paje.search.state === 'ready'", q);
    }

    @Test
    void searchMovesToEachHitSelectsItAndDimsTheRest() throws IOException {
        load(HELLO.server(), "#view=0,1");
        search("File = main.c");
        assertThat(num("paje.search.total")).isEqualTo(1);
        page.waitForSelector("#inspector tr[data-field=\"File\"]");
        assertThat(page.textContent("#inspector tr[data-field=\"Value\"] td")).isEqualTo("Reading file");

        search("reading");
        assertThat(num("paje.search.total")).isEqualTo(2);
        page.click("#search-next");
        page.waitForFunction("() => paje.search.index === 1 && paje.selection && paje.selection.entity && paje.selection.entity.fields.File === 'io.c'");
        page.waitForFunction(IDLE);
        assertThat(num("(paje.view.start + paje.view.end) / 2")).isCloseTo(1.65, within(1e-9)); // centred on 1.4..1.9
        assertThat(num("paje.view.end - paje.view.start")).isCloseTo(1.0, within(1e-9));
        assertThat(page.textContent("#search-count")).isEqualTo("2/2");
        page.click("#search-next"); // wraps around
        page.waitForFunction("() => paje.search.index === 0 && paje.selection && paje.selection.entity && paje.selection.entity.fields.File === 'main.c'");

        page.click("#btn-all");
        page.check("#search-dim");
        page.waitForFunction("() => paje.dimmed && paje.dimmed.window[0] === 0 && paje.dimmed.window[1] === 4");
        page.waitForFunction(IDLE);
        assertThat(num("paje.dimmed.matches")).isEqualTo(2);
        page.mouse().move(10, 500);
        byte[] png = page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("search-dim.png")));
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(png));
        double mainTop = num("paje.rows.find(r => r.container === " + id("rank 0 / main") + ").lanes[0].y");
        double ioTop = num("paje.rows.find(r => r.container === " + id("rank 1 / io") + ").lanes[0].y");
        int match = img.getRGB((int) x(0.65), (int) mainTop + 8) & 0xffffff;
        int dimmed = img.getRGB((int) x(2.0), (int) ioTop + 12) & 0xffffff;
        assertThat(match >> 16 & 255).as("Reading file keeps its colour").isLessThan(110);
        assertThat(dimmed & 255).as("Blocked is dimmed towards white").isGreaterThan(200);
        assertThat(dimmed >> 16 & 255).isGreaterThan(235);
    }

    @Test
    void theSearchFilterCanAlsoHideOthersOrHighlightTheMatches() throws IOException {
        load(HELLO.server(), "");
        double states = num("paje.drawn.states");
        search("reading");
        page.click("#btn-all");
        page.check("#search-dim");
        page.waitForFunction("() => paje.dimmed && paje.dimmed.window[0] === 0 && paje.dimmed.window[1] === 4");
        page.waitForFunction(IDLE);
        page.selectOption("#search-mode", "hide");
        page.waitForFunction("() => paje.filterMode === 'hide' && paje.drawn.states === 2");
        assertThat(states).isGreaterThan(2); // everything else is gone
        page.selectOption("#search-mode", "highlight");
        page.waitForFunction("() => paje.filterMode === 'highlight' && paje.drawn.states === " + (int) states);
        page.mouse().move(10, 500);
        byte[] png = page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("search-highlight.png")));
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(png));
        int frame = img.getRGB((int) x(0.65), (int) Math.round(num("(() => { const r = paje.rows.find(r => r.container === "
                + id("rank 0 / main") + "); return r.lanes[0].y + 1 + 3 + 1; })()"))) & 0xffffff; // level 1: 3 px inset
        assertThat(frame).as("the orange frame of the match, %06x", frame).isEqualTo(0xff8c00);
    }

    @Test
    void containersAreHiddenFromTheTreeMenuAndEmptyRowsByTheToggle(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        String text = Files.readString(Path.of("../examples/hello.trace"))
                .replace("6 0 t22 T p2 \"rank 1 / io\"", "6 0 t22 T p2 \"rank 1 / io\"\n6 0 t23 T p2 \"rank 1 / idle\"");
        Path file = dir.resolve("idle.trace");
        Files.writeString(file, text);
        try (ViewerServer other = ViewerServer.start(TraceLoader.builder().build().load(file), "idle.trace", "127.0.0.1", 0)) {
            page.navigate(other.url());
            page.waitForSelector("body[data-ready=\"1\"]");
            page.waitForFunction(IDLE);
            int idle = id("rank 1 / idle"), io = id("rank 1 / io");
            assertThat(rows()).contains(idle, io);
            page.check("#hide-empty");
            page.waitForFunction("id => !paje.rows.some(r => r.container === id)", idle);
            assertThat(rows()).contains(io);
            page.click("#tree .row[data-container=\"" + io + "\"]", new Page.ClickOptions().setButton(com.microsoft.playwright.options.MouseButton.RIGHT));
            page.click("#row-menu button[data-act=\"hide\"]");
            page.waitForFunction("id => !paje.rows.some(r => r.container === id)", io);
            page.waitForFunction("() => location.hash.includes('hiddenrows=') && location.hash.includes('noempty=1')");
            String url = page.url();
            page.navigate("about:blank");
            page.navigate(url);
            page.waitForSelector("body[data-ready=\"1\"]");
            page.waitForFunction(IDLE);
            assertThat(rows()).doesNotContain(idle, io).contains(id("rank 1 / main"));
            page.click("#show-hidden");
            page.waitForFunction("id => paje.rows.some(r => r.container === id)", io);
        }
    }

    @SuppressWarnings("unchecked")
    private List<Integer> rows() {
        return ((List<Number>) page.evaluate("paje.rows.map(r => r.container)")).stream().map(Number::intValue).toList();
    }

    @Test
    void shiftDragOnThePlotSelectsASliceInsteadOfPanning() {
        load(HELLO.server(), "#view=0,4");
        double y = num("paje.rows.find(r => r.container === " + id("rank 1 / io") + ").lanes[0].y") + 10;
        page.keyboard().down("Shift");
        page.mouse().move(x(2.0), y);
        page.mouse().down();
        page.mouse().move(x(3.0), y, new Mouse.MoveOptions().setSteps(5));
        page.mouse().up();
        page.keyboard().up("Shift");
        page.waitForFunction(STATS_READY);
        assertThat(num("paje.view.start")).isEqualTo(0.0);
        assertThat(num("paje.slice.start")).isCloseTo(2.0, within(0.01));
        page.waitForFunction("() => location.hash.includes('slice=')");
    }
}
