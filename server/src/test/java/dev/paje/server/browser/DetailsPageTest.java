package dev.paje.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.server.ServedTrace;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Small things of the page (issue 16) on a small {@link WideTrace}: the tooltip follows a zoom under a
 * resting mouse, and the page has an icon. Thread n0.p0.t0 is Run [0,1], Wait [1,4], Comm [4,7], Run [7,10].
 */
class DetailsPageTest extends PageTest {
    @RegisterExtension
    static final ServedTrace WIDE = ServedTrace.started(() -> WideTrace.serve(1, 2, 2));

    @Test
    void theTooltipDescribesWhatIsUnderTheRestingMouseAfterAZoomOrAPan() {
        load(WIDE.server(), "#view=0,2&collapsed=");
        String lane = "paje.rows.find(r => r.name === 'n0.p0.t0').lanes[0]";
        double y = num(lane + ".y + " + lane + ".height / 2");
        page.mouse().move(x(0.8), y);
        page.waitForSelector("#tooltip:not([hidden])");
        assertThat(page.textContent("#tooltip")).contains("Run").doesNotContain("Wait");
        page.keyboard().press("-"); // the window doubles from its start: 0.8 s's pixel is now 1.6 s, in Wait
        page.waitForFunction("() => Math.abs(paje.view.end - 4) < 1e-9");
        idle();
        page.waitForFunction("() => document.querySelector('#tooltip').textContent.includes('Wait')");
        assertThat(page.textContent("#tooltip")).doesNotContain("Run");
        assertThat(page.evaluate("paje.hover && paje.hover.value")).isEqualTo(
                page.evaluate("paje.meta.types.find(t => t.name === 'State').values.find(v => v.name === 'Wait').id"));
        page.keyboard().press("End");
        page.waitForFunction("() => Math.abs(paje.view.start - 6) < 1e-9");
        page.waitForFunction("() => document.querySelector('#tooltip').textContent.includes('Run')");
        assertThat(page.textContent("#tooltip")).doesNotContain("Wait");
    }

    @Test
    void timesAreInTheRulersUnit() {
        load(WIDE.server(), "#view=0.001,0.003&collapsed=");
        assertThat(page.evaluate("paje.ruler.every(l => l.endsWith(' ms'))")).isEqualTo(true);
        assertThat(page.locator("#in-start").inputValue()).isEqualTo("1 ms");
        assertThat(page.locator("#in-end").inputValue()).isEqualTo("3 ms");
        String lane = "paje.rows.find(r => r.name === 'n0.p0.t0').lanes[0]";
        page.mouse().move(x(0.002), num(lane + ".y + " + lane + ".height / 2"));
        page.waitForSelector("#tooltip:not([hidden])");
        assertThat(page.textContent("#tooltip")).contains("Run").contains("0 ms").contains("1 s"); // Run [0, 1]
        // a time typed in the ruler's unit reads back
        page.fill("#in-end", "2.5 ms");
        page.press("#in-end", "Enter");
        page.waitForFunction("() => Math.abs(paje.view.end - 0.0025) < 1e-12");
    }

    @Test
    void thePageHasAnIconAndFaviconIcoIsNoNotFound() {
        load(WIDE.server(), "#view=0,10");
        @SuppressWarnings("unchecked")
        List<Object> icon = (List<Object>) page.evaluate("async () => { const r = await fetch(document.querySelector('link[rel=icon]').href);"
                + " return [r.status, r.headers.get('content-type'), (await r.text()).startsWith('<svg')]; }");
        assertThat(icon).containsExactly(200, "image/svg+xml", true);
        assertThat(num("(async () => (await fetch('/favicon.ico')).status)()")).isEqualTo(200);
    }
}
