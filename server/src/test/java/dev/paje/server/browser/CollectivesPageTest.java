package dev.paje.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import dev.paje.server.ServedTrace;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The "Collectives" toggle in a real browser on core's collectives.trace (13 links, 4 operations: a broadcast
 * of 3 links, a ring of 4, 2 links of value a, 4 sync events): the members are drawn as one symbol per
 * operation, a click expands one back to its parts, the hash keeps the toggle. Waits on window.paje.
 */
@Viewport(height = 600)
class CollectivesPageTest extends PageTest {
    @RegisterExtension
    static final ServedTrace COLLECTIVES = ServedTrace.page("../core/src/test/resources/collective/collectives.trace");

    private int count(String js) {
        return ((Number) page.evaluate(js)).intValue();
    }

    @Test
    void operationsAreDrawnAsOneSymbolAndExpandOnClick() throws IOException {
        load(COLLECTIVES.server(), "#view=0,7");
        assertThat(count("paje.arrows().length")).isEqualTo(13);
        int events = count("paje.drawn.events");
        assertThat(events).isEqualTo(5); // four sync, one tick
        page.click("#btn-coll");
        page.waitForFunction("() => paje.collectives && paje.collectives.on && paje.collectives.groups.length === 4");
        page.waitForFunction(IDLE);
        page.waitForFunction("() => location.hash.includes('coll=1')");
        assertThat(page.evaluate("paje.collectives.groups.map(g => g.value + ' ' + g.members).join(',')"))
                .isEqualTo("bcast 3,ring 4,a 2,sync 4");
        assertThat(count("paje.arrows().length")).isEqualTo(13 - 3 - 4 - 2);
        assertThat(count("paje.drawn.events")).isEqualTo(1);
        assertThat(count("paje.collectives.hiddenParts")).isEqualTo(13);
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("collectives-on.png")));

        // hovering the broadcast's band describes the operation
        @SuppressWarnings("unchecked")
        Map<String, Object> p = (Map<String, Object>) page.evaluate("paje.collectivePoint(0)");
        double x = ((Number) p.get("x")).doubleValue(), y = ((Number) p.get("y")).doubleValue();
        page.mouse().move(x, y);
        page.waitForFunction("() => paje.hover && paje.hover.kind === 'collective'");
        assertThat(page.locator("#tooltip").innerText()).contains("bcast").contains("collective of 3 links").contains("4 containers");

        // a click expands it: its three links are drawn again, highlighted
        page.mouse().click(x, y);
        page.waitForFunction("() => paje.collectives.groups[0].expanded && paje.arrows().length === 7");
        assertThat(count("paje.collectives.hiddenParts")).isEqualTo(10);
        page.mouse().move(10, 10);
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("collectives-expanded.png")));
        // a click on its dashed bracket closes it again
        @SuppressWarnings("unchecked")
        Map<String, Object> b = (Map<String, Object>) page.evaluate("paje.collectivePoint(0)");
        page.mouse().click(((Number) b.get("x")).doubleValue(), ((Number) b.get("y")).doubleValue());
        page.waitForFunction("() => !paje.collectives.groups[0].expanded && paje.arrows().length === 4");

        page.keyboard().press("O");
        page.waitForFunction("() => !paje.collectives.on && paje.arrows().length === 13");
        page.waitForFunction("() => !location.hash.includes('coll=1')");
        assertThat(count("paje.drawn.events")).isEqualTo(5);
    }

    @Test
    void theHashTurnsItOnAtLoad() {
        load(COLLECTIVES.server(), "#view=0,7&coll=1");
        page.waitForFunction("() => paje.collectives && paje.collectives.on && paje.collectives.groups.length === 4");
        assertThat(page.locator("#btn-coll").getAttribute("class")).contains("on");
        assertThat(count("paje.arrows().length")).isEqualTo(4);
    }
}
