package dev.paje.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Page;
import dev.paje.server.ServedTrace;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The second viewport (JED's task groups) in Chromium over examples/hello.trace: the same page in an iframe with
 * its own time window and rows, kept in the first's URL hash. Every wait is on the pages' models or the DOM;
 * screenshots go to target/screenshots/.
 */
@Viewport(height = 860)
class ViewportSplitPageTest extends PageTest {
    @RegisterExtension
    static final ServedTrace HELLO = ServedTrace.page("../examples/hello.trace");

    /** The second viewport, once loaded and idle. */
    private Frame second() {
        page.waitForSelector("iframe#split-frame");
        page.waitForCondition(() -> page.frame("paje-viewport-2") != null);
        Frame f = page.frame("paje-viewport-2");
        f.waitForSelector("body[data-ready=\"1\"]");
        f.waitForFunction(IDLE);
        return f;
    }

    private static double num(Frame f, String js) {
        return ((Number) f.evaluate(js)).doubleValue();
    }

    private static double[] view(Frame f) {
        return new double[] {num(f, "paje.view.start"), num(f, "paje.view.end")};
    }

    @SuppressWarnings("unchecked")
    private static List<String> rowNames(Frame f) {
        return (List<String>) f.evaluate("paje.rows.map(r => r.name)");
    }

    /** Waits until the first viewport's URL hash, decoded, contains text (the second's hash is kept there). */
    private void hashHas(String text) {
        page.waitForFunction("t => decodeURIComponent(location.hash).includes(t)", text);
    }

    @Test
    void splitOpensASecondViewportWithItsOwnWindowRowsAndRuler() {
        load(HELLO.server(), "");
        Frame first = page.mainFrame();
        page.click("#btn-split");
        Frame second = second();
        assertThat(rowNames(second)).contains("rank 0", "rank 0 / main", "rank 1 / io");
        assertThat(num(second, "paje.ruler.length")).isGreaterThan(2);
        assertThat(num(second, "paje.viewport")).isEqualTo(2.0);
        assertThat(second.isVisible("#side")).isFalse();
        assertThat(second.isVisible("#btn-split")).isFalse();
        assertThat(page.isVisible("#side")).isTrue();
        assertThat(page.isVisible("#btn-split-link")).isTrue();

        // zooming the second leaves the first alone
        second.click("#btn-in");
        second.waitForFunction("() => paje.view.end === 2");
        second.waitForFunction(IDLE);
        assertThat(view(second)).containsExactly(0.0, 2.0);
        assertThat(view(first)).containsExactly(0.0, 4.0);
        // and the other way round
        page.click("#btn-end");
        page.keyboard().press("+");
        page.waitForFunction("() => paje.view.start === 1");
        assertThat(view(first)).containsExactly(1.0, 3.0);
        assertThat(view(second)).containsExactly(0.0, 2.0);

        // collapsing a container in one does not in the other
        int rank0 = id("rank 0");
        page.click("#tree .row[data-container=\"" + rank0 + "\"] .toggle");
        page.waitForFunction("id => paje.collapsed.includes(id)", rank0);
        page.waitForFunction(IDLE);
        assertThat(rowNames(first)).doesNotContain("rank 0 / main");
        assertThat(rowNames(second)).contains("rank 0 / main");
        assertThat(num(second, "paje.collapsed.length")).isZero();
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("split-below.png")));

        // beside: the second viewport gets a column of its own
        page.click("#btn-split-dir");
        second.waitForFunction("() => paje.plot.width < 500");
        second.waitForFunction(IDLE);
        page.waitForFunction(IDLE);
        assertThat(num(first, "paje.plot.width")).isLessThan(700);
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("split-beside.png")));
    }

    @Test
    void theUrlRestoresBothViewportsWithTheirTimeWindows() {
        load(HELLO.server(), "#view=1,3");
        page.keyboard().press("V");
        Frame second = second();
        assertThat(view(second)).containsExactly(1.0, 3.0);
        second.fill("#in-start", "2.5");
        second.fill("#in-end", "3.5");
        second.press("#in-end", "Enter");
        second.waitForFunction("() => paje.view.start === 2.5");
        int rank1 = id("rank 1");
        second.click("#tree .row[data-container=\"" + rank1 + "\"] .toggle");
        second.waitForFunction("id => paje.collapsed.includes(id)", rank1);
        page.click("#btn-split-dir");
        hashHas("view=2.5,3.5");
        hashHas("collapsed=" + rank1);
        hashHas("splitdir=beside");
        String url = page.url();
        assertThat(url).contains("view=1,3&");

        page.navigate("about:blank");
        page.navigate(url);
        page.waitForSelector("body[data-ready=\"1\"]");
        page.waitForFunction(IDLE);
        second = second();
        assertThat(view(page.mainFrame())).containsExactly(1.0, 3.0);
        assertThat(view(second)).containsExactly(2.5, 3.5);
        assertThat(num(second, "paje.collapsed.length")).isEqualTo(1.0);
        assertThat(num(page.mainFrame(), "paje.collapsed.length")).isZero();
        assertThat(String.valueOf(page.evaluate("paje.split.dir"))).isEqualTo("beside");
    }

    @Test
    void linkedTimeWindowsFollowEachOther() {
        load(HELLO.server(), "");
        page.click("#btn-split");
        Frame second = second();
        second.click("#btn-end");
        second.click("#btn-in");
        second.waitForFunction("() => paje.view.start === 0 && paje.view.end === 2");
        page.click("#btn-split-link");
        // linking brings the second to the first's window, then either one leads
        second.waitForFunction("() => paje.view.start === 0 && paje.view.end === 4");
        second.click("#btn-in");
        page.waitForFunction("() => paje.view.end === 2");
        page.click("#btn-right");
        second.waitForFunction("() => paje.view.start === 1 && paje.view.end === 3");
        hashHas("splitlink=1");
        // unlinked, they part again
        page.click("#btn-split-link");
        page.click("#btn-in");
        page.waitForFunction("() => paje.view.end === 2");
        page.waitForFunction(IDLE);
        second.waitForFunction(IDLE);
        assertThat(view(second)).containsExactly(1.0, 3.0);
    }

    @Test
    void aTaskGroupShowsOnlyTheChosenContainers() {
        load(HELLO.server(), "");
        page.click("#tree .row[data-container=\"" + id("rank 1") + "\"]", new Page.ClickOptions()
                .setButton(com.microsoft.playwright.options.MouseButton.RIGHT));
        page.click("#row-menu [data-act=\"group-only\"]");
        Frame second = second();
        // the ancestors stay, as headers: the hidden rows hide whole subtrees
        assertThat(rowNames(second)).containsExactly("node-1", "rank 1", "rank 1 / main", "rank 1 / io");
        assertThat(rowNames(page.mainFrame())).contains("rank 0", "rank 0 / main");

        page.click("#tree .row[data-container=\"" + id("rank 0 / io") + "\"]", new Page.ClickOptions()
                .setButton(com.microsoft.playwright.options.MouseButton.RIGHT));
        page.click("#row-menu [data-act=\"group-add\"]");
        second.waitForFunction("() => paje.rows.length === 6");
        second.waitForFunction(IDLE);
        assertThat(rowNames(second)).containsExactly("node-1", "rank 0", "rank 0 / io", "rank 1", "rank 1 / main", "rank 1 / io");
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("split-task-group.png")));
    }

    @Test
    void closingRemovesTheSecondViewport() {
        load(HELLO.server(), "");
        page.click("#btn-split");
        Frame second = second();
        second.click("#corner", new Frame.ClickOptions().setPosition(200, 50)); // the keys go to the second viewport
        page.keyboard().press("V"); // V there closes it too
        page.waitForSelector("iframe#split-frame", new Page.WaitForSelectorOptions()
                .setState(com.microsoft.playwright.options.WaitForSelectorState.DETACHED));
        page.waitForFunction("() => !location.hash.includes('split')");
        page.click("#corner", new Page.ClickOptions().setPosition(200, 50));
        page.keyboard().press("V");
        second();
        page.click("#btn-split-close");
        page.waitForSelector("iframe#split-frame", new Page.WaitForSelectorOptions()
                .setState(com.microsoft.playwright.options.WaitForSelectorState.DETACHED));
        assertThat(page.isVisible("#btn-split-link")).isFalse();
        assertThat(page.evaluate("paje.split.open")).isEqualTo(false);
        page.waitForFunction("() => !location.hash.includes('split')");
    }
}
