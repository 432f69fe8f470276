package dev.paje.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.server.ViewerServer;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Names and labels (issue 16 items 3 and 6) on {@link WideTrace}s whose processes also have a variable
 * {@code Memory [MB]}: names of fitted rows (their own where they are tall enough, else their groups' and
 * the pointed row's), each variable and aggregated lane's name and scale with its unit, and state values
 * written at the visible start of the state, cut with an ellipsis.
 */
class LabelsPageTest extends PageTest {
    private static ViewerServer wide; // 8 nodes × 16 processes × 8 threads: 1,160 rows
    private static ViewerServer small; // 1 node × 2 processes × 3 threads: 9 rows
    private static ViewerServer nodes; // 64 nodes × 1 process × 16 threads: 1,152 rows, as SimGrid's 1,088

    @BeforeAll
    static void start() throws IOException {
        wide = WideTrace.serve(8, 16, 8, true);
        small = WideTrace.serve(1, 2, 3, true);
        nodes = WideTrace.serve(64, 1, 16);
    }

    @AfterAll
    static void stop() {
        if (wide != null) wide.close();
        if (small != null) small.close();
        if (nodes != null) nodes.close();
    }

    @Test
    void fittedRowsTooThinForNamesAreNamedByTheirGroupsAndUnderThePointer() throws IOException {
        load(wide, "#collapsed=&rows=fit");
        assertThat(num("paje.rows.length")).isEqualTo(1160);
        assertThat(num("Math.max(...paje.rows.map(r => r.height))")).isLessThan(7);
        assertThat(page.locator("#tree .row").count()).isZero(); // none tall enough for its own name
        // the mini-tree: the nodes, each beside the rows of its processes and threads
        assertThat(page.evaluate("paje.treeNames.groups.map(g => g.name)"))
                .isEqualTo(List.of("n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7"));
        assertThat(num("Math.min(...paje.treeNames.groups.map(g => g.height))")).isGreaterThanOrEqualTo(14);
        assertThat(page.locator("#tree .group-name .name").allTextContents())
                .containsExactly("n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7");
        // each name lies within its group's rows: n3's beside n3's rows
        String n3 = "[...document.querySelectorAll('#tree .group-name .name')].find(e => e.textContent === 'n3')"
                + ".getBoundingClientRect()";
        double nameMid = num("(() => { const b = " + n3 + "; return b.top + b.height / 2; })()");
        double n3Top = num("paje.rows.find(r => r.name === 'n3').y");
        double n4Top = num("paje.rows.find(r => r.name === 'n4').y");
        assertThat(nameMid).isBetween(n3Top, n4Top);
        screenshot("viewer-fit-names");

        // pointing at a row in the plot writes its name in the tree at its height
        double y = num("Math.round(paje.plot.top + paje.plot.height * 0.55)"); // whole pixels, as mouse events give
        page.mouse().move(num("paje.plot.left + 300"), y);
        String expected = (String) page.evaluate("paje.rows.find(r => " + y + " >= r.y && " + y + " < r.y + r.height).name");
        page.waitForFunction("n => paje.treeNames.hover && paje.treeNames.hover.name === n", expected);
        assertThat(page.textContent("#tree .hover-name")).isEqualTo(expected);
        page.waitForSelector("#tooltip:not([hidden])");
        assertThat(page.textContent("#tooltip")).contains("/" + expected); // and the tooltip gives its path
        double mid = num("(() => { const b = document.querySelector('#tree .hover-name').getBoundingClientRect();"
                + " return b.top + b.height / 2; })()");
        assertThat(mid).isCloseTo(y, org.assertj.core.data.Offset.offset(9.0));
        screenshot("viewer-fit-hover-name");
        // and so does pointing at it in the tree column
        double y2 = num("Math.round(paje.plot.top + paje.plot.height * 0.2)");
        page.mouse().move(num("document.querySelector('#tree').getBoundingClientRect().left + 60"), y2);
        String expected2 = (String) page.evaluate("paje.rows.find(r => " + y2 + " >= r.y && " + y2 + " < r.y + r.height).name");
        assertThat(expected2).isNotEqualTo(expected);
        page.waitForFunction("n => paje.treeNames.hover && paje.treeNames.hover.name === n", expected2);
        page.mouse().move(5, 5); // away from the tree and the plot: the name goes
        page.waitForFunction("() => !paje.treeNames.hover");
    }

    @Test
    void groupsTooThinForEveryNameGetTheirBracketsAndTheNamesThatFit() throws IOException {
        load(nodes, "#collapsed=&rows=fit");
        assertThat(num("paje.rows.length")).isEqualTo(64 + 64 + 1024);
        // a node's 18 rows are about 10 px: under the 14 a name needs, so every node gets a bracket, and
        // every other one or so its name, none over another
        assertThat(num("paje.treeNames.groups.length")).isEqualTo(64);
        assertThat(num("Math.max(...paje.treeNames.groups.map(g => g.height))")).isLessThan(14);
        @SuppressWarnings("unchecked")
        List<String> names = (List<String>) page.evaluate("paje.treeNames.groups.map(g => g.name).filter(n => n)");
        assertThat(names).hasSizeBetween(20, 63).startsWith("n0");
        assertThat(num("(() => { const b = [...document.querySelectorAll('#tree .group-name .name')]"
                + ".map(e => e.getBoundingClientRect()).sort((p, q) => p.top - q.top);"
                + " return Math.min(...b.slice(1).map((r, i) => r.top - b[i].bottom)); })()")).isGreaterThanOrEqualTo(0);
        assertThat(page.locator("#tree .group-name .bracket").count()).isEqualTo(64);
        screenshot("viewer-fit-many-groups");
    }

    @Test
    void fittedRowsTallEnoughHaveTheirOwnNames() {
        load(small, "#collapsed=&rows=fit");
        assertThat(num("Math.min(...paje.rows.map(r => r.height))")).isGreaterThanOrEqualTo(10);
        assertThat(page.locator("#tree .row .name").allTextContents())
                .isEqualTo(page.evaluate("paje.rows.map(r => r.name)"));
        assertThat(page.locator("#tree .group-name").count()).isZero();
    }

    @Test
    void variableLanesSayTheirTypeAndScaleWithTheUnitOfTheirName() throws IOException {
        // a view away from the trace's start: the painted frame begins half a view before it
        load(small, "#view=4,9&collapsed=");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> lanes = (List<Map<String, Object>>) page.evaluate(
                "paje.labels.lanes.filter(l => l.name === '" + WideTrace.MEMORY + "')");
        assertThat(lanes).hasSize(2); // n0.p0 and n0.p1
        for (Map<String, Object> l : lanes) {
            assertThat((String) l.get("lo")).endsWith(" MB");
            assertThat((String) l.get("hi")).endsWith(" MB");
            assertThat(l.get("texts")).isEqualTo(List.of("Memory [MB] · max " + l.get("hi"), "min " + l.get("lo")));
        }
        // each lane on its variable's own scale: n0.p0 goes 100, 200, 50 MB, n0.p1 101, 210, 50 MB
        assertThat(page.evaluate("paje.labels.lanes.filter(l => l.name === '" + WideTrace.MEMORY + "').map(l => l.hi)"))
                .isEqualTo(List.of("200 MB", "210 MB"));
        // and it is on the screen: dark text at the plot's left edge, at the top of p1's Memory lane
        BufferedImage img = screenshot("variable-lane-labels");
        double top = num("paje.plot.top + paje.labels.lanes.filter(l => l.name === '" + WideTrace.MEMORY + "')[1].y");
        assertThat(darkPixels(img, (int) num("paje.plot.left") + 3, (int) top + 1, 80, 10)).isGreaterThan(20);
    }

    @Test
    void aggregatedRowsSayWhatTheyAddUpAndOnWhichScale() {
        load(wide, ""); // opens aggregated: each node's processes and threads in Σ lanes
        page.waitForFunction("() => (paje.labels.lanes || []).some(l => l.name.startsWith('Σ 128'))");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> lanes = (List<Map<String, Object>>) page.evaluate(
                "paje.labels.lanes.filter(l => l.name.startsWith('Σ'))");
        assertThat(lanes).anySatisfy(l -> {
            assertThat(l.get("name")).isEqualTo("Σ 128 · State · 0–100%");
            assertThat(l.get("texts")).isEqualTo(List.of(l.get("name")));
        });
        assertThat(lanes).anySatisfy(l -> {
            assertThat(l.get("name")).isEqualTo("Σ 16 · " + WideTrace.MEMORY + " · sum");
            // 16 processes: 100 + ... + 115 = 1720 MB at first, then 200 + ... + 350 = 4400 MB, then 800 MB
            assertThat(l.get("hi")).isEqualTo("4400 MB");
            assertThat((String) l.get("lo")).endsWith(" MB");
        });
    }

    @Test
    void stateValuesAreWrittenAtTheVisibleStartAndCutWithAnEllipsis() throws IOException {
        // n0.p0's Phase is Compute over [0, 5]: from 2 s on screen, its start is far off to the left
        load(small, "#view=2,4.5&collapsed=");
        String compute = "paje.labels.states.find(l => l.value === 'Compute')";
        page.waitForFunction("() => !!" + compute.replace("paje.labels", "(paje.labels || {states: []})"));
        assertThat(num(compute + ".x")).isEqualTo(4); // 4 px into the plot
        assertThat(page.evaluate(compute + ".text")).isEqualTo("Compute");
        BufferedImage img = screenshot("state-label-visible-start");
        double y = num("paje.plot.top + " + compute + ".y");
        int left = (int) num("paje.plot.left");
        assertThat(lightPixels(img, left + 3, (int) y - 4, 50, 8)).as("white text on Compute's blue").isGreaterThan(15);

        // Exchange over [5, 10], with 0.3 s of it on screen: too narrow for its name
        load(small, "#view=0,5.3&collapsed=");
        String exchange = "paje.labels.states.find(l => l.value === 'Exchange')";
        page.waitForFunction("() => paje.labels && !!" + exchange);
        String text = (String) page.evaluate(exchange + ".text");
        assertThat(text).endsWith("…").hasSizeLessThan("Exchange".length());
        assertThat("Exchange").startsWith(text.substring(0, text.length() - 1));
        assertThat(num(exchange + ".x")).isCloseTo(x(5) - num("paje.plot.left") + 4, org.assertj.core.data.Offset.offset(1.0));
        assertThat(num(exchange + ".right")).isEqualTo(num("paje.plot.width")); // cut at the plot's right edge
    }

    /** Pixels of the box whose channels are all below 120 (text in #57606a). */
    private static int darkPixels(BufferedImage img, int x0, int y0, int w, int h) {
        int n = 0;
        for (int x = x0; x < x0 + w; x++) {
            for (int y = y0; y < y0 + h; y++) {
                int c = img.getRGB(x, y);
                if (((c >> 16) & 255) < 120 && ((c >> 8) & 255) < 120 && (c & 255) < 130) n++;
            }
        }
        return n;
    }

    /** Pixels of the box whose channels are all above 200 (white text). */
    private static int lightPixels(BufferedImage img, int x0, int y0, int w, int h) {
        int n = 0;
        for (int x = x0; x < x0 + w; x++) {
            for (int y = y0; y < y0 + h; y++) {
                int c = img.getRGB(x, y);
                if (((c >> 16) & 255) > 200 && ((c >> 8) & 255) > 200 && (c & 255) > 200) n++;
            }
        }
        return n;
    }
}
