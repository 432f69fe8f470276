package dev.paje.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.server.ViewerServer;
import java.io.IOException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Query panel in a real browser over examples/hello.trace: a query's rows are listed, a click on a row that
 * names a container and a time moves the view there and brings the row on screen; a bad query shows DuckDB's message.
 */
class QueryPageTest extends PageTest {
    private static ViewerServer server;

    @BeforeAll
    static void start() throws IOException {
        server = serve("../examples/hello.trace");
    }

    @AfterAll
    static void stop() {
        if (server != null) server.close();
    }

    @Test
    void clickingAResultRowGoesToItsContainerAndTime() {
        load(server, "");
        page.fill("#query-sql", "SELECT container, value, start, \"end\" FROM states WHERE value = 'Reading file' ORDER BY start");
        page.click("#query-run");
        page.waitForFunction("() => paje.query && paje.query.state === 'done'");
        assertThat(page.locator("#query-results tbody tr").count()).isEqualTo(2);
        assertThat(page.locator("#query-results tbody tr.jump").count()).isEqualTo(2);
        assertThat(page.textContent("#query-results tbody tr:nth-child(2)")).contains("rank 0 / io").contains("Reading file");
        page.click("#query-results tbody tr:nth-child(2)");
        idle();
        // the state lasts 1.4 .. 1.9: the view shows it with a tenth on each side
        assertThat(num("paje.view.start")).isCloseTo(1.35, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(num("paje.view.end")).isCloseTo(1.95, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(num("paje.queryJump.container")).isEqualTo(id("rank 0 / io"));
        assertThat(page.textContent("#query-note")).contains("2 rows");
    }

    @Test
    void aBadQueryShowsDuckDbsMessage() {
        load(server, "");
        page.fill("#query-sql", "SELECT nosuch FROM states");
        page.press("#query-sql", "Control+Enter");
        page.waitForFunction("() => paje.query && paje.query.state === 'error'");
        assertThat(page.textContent("#query-note")).contains("Binder Error").contains("nosuch");
        assertThat(page.locator("#query-results tr").count()).isZero();
    }
}
