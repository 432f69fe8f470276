package dev.paje.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import dev.paje.server.ServedTrace;
import java.awt.image.BufferedImage;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Aggregated rows in the browser, over the hand-written aggregate.trace (node n, threads t1..t4;
 * between 5 and 8 three threads Run and one Comm, from 8 three Run and one is idle).
 */
class AggregatePageTest extends PageTest {
    @RegisterExtension
    static final ServedTrace AGGREGATE = ServedTrace.page("../core/src/test/resources/aggregate/aggregate.trace");
    private static final int[] RUN = {0, 204, 0};
    private static final int[] COMM = {0, 0, 230};

    /** Page y of a fraction of the aggregated lane of kind {@code kind} (0 top, 1 bottom). */
    private double laneY(String kind, double fraction) {
        return num("(() => { const a = paje.aggregates.find(l => l.kind === '" + kind + "');"
                + " const r = paje.rows.find(r => r.container === a.container); return r.y + a.offset + " + fraction + " * a.height; })()");
    }

    /** The colour at (x, y) or 2 or 4 pixels right of it (the faint stripes of an aggregate cross one of them at most). */
    private static void assertColor(BufferedImage img, double x, double y, int... rgb) {
        int[] got = null;
        for (int dx = 0; dx <= 4; dx += 2) {
            int c = img.getRGB((int) Math.round(x) + dx, (int) Math.round(y));
            got = new int[] {(c >> 16) & 255, (c >> 8) & 255, c & 255};
            if (Math.abs(got[0] - rgb[0]) <= 14 && Math.abs(got[1] - rgb[1]) <= 14 && Math.abs(got[2] - rgb[2]) <= 14) {
                return;
            }
        }
        assertThat(got).as("colour at %.0f,%.0f", x, y).containsExactly(rgb);
    }

    @Test
    void aCollapsedNodeShowsItsThreadsAggregatedThenCountsAValue() throws IOException {
        load(AGGREGATE.server(), "#view=0,10");
        int node = (int) num("paje.containerId('n')");
        page.click("#tree .row[data-container=\"" + node + "\"] .toggle");
        page.waitForFunction("() => paje.collapsed.length === 1 && (paje.aggregates || []).length === 2");
        page.waitForFunction(IDLE);
        assertThat(page.textContent("#tree .row[data-container=\"" + node + "\"] .agg-badge")).isEqualTo("Σ 4");
        assertThat(num("paje.aggregates.find(l => l.kind === 'state').members")).isEqualTo(4);
        assertThat(page.evaluate("paje.aggregates.find(l => l.kind === 'variable').mode")).isEqualTo("sum");
        BufferedImage img = screenshot("aggregate-shares");
        // 5..8: Run 3/4 stacked over Comm 1/4
        assertColor(img, x(6.5), laneY("state", 0.3), RUN);
        assertColor(img, x(6.5), laneY("state", 0.9), COMM);
        // 0..2: t1 and t3 Run, t2 Wait (2/3 and 1/3): Run at a third of the lane, Wait near the bottom
        // (at 1.5 s: right of the lane's label)
        assertColor(img, x(1.5), laneY("state", 0.35), RUN);
        assertColor(img, x(1.5), laneY("state", 0.9), 230, 0, 0);

        page.mouse().move(x(6.5), laneY("state", 0.5));
        page.waitForFunction("() => paje.hover && paje.hover.kind === 'aggregate'");
        assertThat(page.textContent("#tooltip")).contains("of 4 containers").contains("Run 3 (75%)").contains("Comm 1 (25%)");

        int state = (int) num("paje.meta.types.find(t => t.name === 'State').id");
        page.click("#legend .entry[data-key=\"" + state + ":0\"]", new Page.ClickOptions().setButton(
                com.microsoft.playwright.options.MouseButton.RIGHT));
        page.waitForFunction("() => paje.aggregateMode === 'count:" + state + ":0'");
        page.waitForFunction("() => location.hash.includes('agg=" + state + ":0')");
        assertThat(page.evaluate("paje.aggregates.find(l => l.kind === 'state').mode")).isEqualTo("count");
        assertThat(num("paje.hidden.length")).isZero(); // a right-click does not hide the value
        img = screenshot("aggregate-count");
        int[] fill = {109, 221, 105}; // Run at 55% over the lane's backdrop
        assertColor(img, x(6.5), laneY("state", 0.85), fill); // 3 of 4 Run: filled up to a quarter from the top
        assertColor(img, x(6.5), laneY("state", 0.1), 243, 241, 234);
        assertColor(img, x(3), laneY("state", 0.5), 243, 241, 234); // 2..4: only t3 Runs: a quarter of the scale

        String url = page.url();
        page.navigate("about:blank");
        page.navigate(url);
        page.waitForSelector("body[data-ready=\"1\"]");
        page.waitForFunction(IDLE);
        page.waitForFunction("() => (paje.aggregates || []).length === 2");
        assertThat(page.evaluate("paje.aggregateMode")).isEqualTo("count:" + state + ":0");
        assertThat(page.evaluate("paje.aggregates.find(l => l.kind === 'state').mode")).isEqualTo("count");
        assertColor(screenshot("aggregate-count-reloaded"), x(6.5), laneY("state", 0.85), fill);
    }
}
