package dev.paje.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.server.ServedTrace;
import java.awt.image.BufferedImage;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The page on a wide trace ({@link WideTrace}: 8 nodes × 16 processes × 8 threads, 1,160 containers):
 * it opens aggregated as {@code paje render} does, and a search reaches into collapsed rows.
 */
class OpeningPageTest extends PageTest {
    @RegisterExtension
    static final ServedTrace WIDE = ServedTrace.started(() -> WideTrace.serve(8, 16, 8));

    @Test
    void opensWithLevelsCollapsedUntilTheRowsFitAndNamesReadable() throws IOException {
        load(WIDE.server(), "");
        // threads alone collapsed leave 136 rows of two lanes: too tall; nodes collapsed too: 8 rows
        assertThat(page.evaluate("paje.autoCollapsed.levels")).isEqualTo(java.util.List.of(2, 1));
        assertThat(page.evaluate("paje.rows.map(r => r.name)"))
                .isEqualTo(java.util.List.of("n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7"));
        assertThat(num("paje.autoCollapsed.rows")).isEqualTo(8);
        assertThat(num("paje.autoCollapsed.height")).isLessThanOrEqualTo(num("paje.plot.height"));
        assertThat(num("paje.rows.filter(r => r.collapsed).length")).isEqualTo(8);
        assertThat(num("paje.collapsed.length")).isEqualTo(8 + 128);
        // each node's row is its 16 processes' Phase and 128 threads' State aggregated
        page.waitForFunction("() => (paje.aggregates || []).filter(a => a.kind === 'state').length === 16");
        assertThat(page.evaluate("[...new Set(paje.aggregates.map(a => a.members))].sort((a, b) => a - b)"))
                .isEqualTo(java.util.List.of(16, 128));
        // the names are readable: every row's name in the tree at a normal font size, not clipped to nothing
        assertThat(num("Math.min(...[...document.querySelectorAll('#tree .row .name')].map(e => e.getBoundingClientRect().height))"))
                .isGreaterThanOrEqualTo(12);
        assertThat(num("Math.min(...[...document.querySelectorAll('#tree .row .name')]"
                + ".map(e => parseFloat(getComputedStyle(e).fontSize)))")).isGreaterThanOrEqualTo(11);
        page.waitForFunction("() => location.hash.includes('collapsed=')");
        BufferedImage img = screenshot("viewer-opening");
        // the middle of n0's aggregated State lane at 2.5 s holds its threads' shares, not the bare backdrop
        double y = num("(() => { const r = paje.rows[0]; const l = paje.aggregates.find(a => a.container === r.container"
                + " && a.kind === 'state' && a.members === 128); return r.y + l.offset + l.height / 2; })()");
        int c = img.getRGB((int) x(2.5), (int) y);
        assertThat(c & 0xffffff).as("aggregated lane painted").isNotIn(0xffffff, 0xf3f1ea);

        // a hash that says what is collapsed wins, even when it says nothing is
        load(WIDE.server(), "#view=0,10&collapsed=");
        assertThat(num("paje.collapsed.length")).isZero();
        assertThat(page.evaluate("paje.rows[0].name")).isEqualTo("n0");
        assertThat(page.evaluate("paje.rows[1].name")).isEqualTo("n0.p0");
    }

    @Test
    void aSearchMatchInsideCollapsedRowsFarBelowIsExpandedToScrolledToAndShown() throws IOException {
        searchIntoCollapsedRows("Checkpoint", WideTrace.MARKED, "n5", "n5.p9");
        assertThat(num("paje.scrollY")).isPositive();
    }

    @Test
    void aSearchMatchInsideCollapsedRowsAlreadyOnScreenIsFetchedAndShown() throws IOException {
        // expanded, its row is on screen without scrolling and the view does not move: only the rows changed
        searchIntoCollapsedRows("Restart", WideTrace.NEAR, "n0", "n0.p1");
        assertThat(num("paje.scrollY")).isZero();
    }

    private void searchIntoCollapsedRows(String value, String thread, String node, String process) throws IOException {
        load(WIDE.server(), "");
        int marked = id(thread);
        assertThat(num("paje.rows.filter(r => r.container === " + marked + ").length")).isZero();
        page.fill("#search", value);
        page.press("#search", "Enter");
        page.waitForFunction("() => paje.search && paje.search.state === 'ready' && paje.search.hit");
        idle();
        assertThat(num("paje.search.hit.container")).isEqualTo(marked);
        // its node and process are expanded, nothing else is
        assertThat(num("paje.collapsed.length")).isEqualTo(8 + 128 - 2);
        assertThat(num("paje.collapsed.filter(id => id === " + id(node) + " || id === " + id(process) + ").length")).isZero();
        // its row is on screen, inside the plot
        String row = "paje.rows.find(r => r.container === " + marked + ")";
        assertThat(page.evaluate("!!" + row)).isEqualTo(true);
        double top = num(row + ".y"), bottom = top + num(row + ".height");
        assertThat(top).isGreaterThanOrEqualTo(num("paje.plot.top"));
        assertThat(bottom).isLessThanOrEqualTo(num("paje.plot.top + paje.plot.height"));
        // and drawn: the value's magenta in the middle of the match
        BufferedImage img = screenshot("search-into-collapsed-" + value);
        double y = num("(() => { const r = " + row + "; return r.lanes[0].y + r.lanes[0].height / 2; })()");
        int c = img.getRGB((int) x((WideTrace.MARK_START + WideTrace.MARK_END) / 2), (int) y);
        assertThat(new int[] {(c >> 16) & 255, (c >> 8) & 255, c & 255}).as(value + " drawn")
                .satisfies(rgb -> assertThat(rgb[0] > 200 && rgb[1] < 60 && rgb[2] > 200).isTrue());
    }
}
