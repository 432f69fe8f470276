package dev.paje.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Download;
import com.microsoft.playwright.Page;
import dev.paje.render.Format;
import dev.paje.render.Picture;
import dev.paje.render.RenderOptions;
import dev.paje.render.Renderer;
import dev.paje.render.ViewChoices;
import dev.paje.server.ServedTrace;
import dev.paje.store.Type;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * "Export picture" in a real browser over examples/hello.trace: the download is the renderer's picture of the view
 * on screen (window, collapsed rows, a value hidden and a colour changed in the legend). Waits are on the page's
 * model (window.paje) or the DOM; the pictures are kept in target/screenshots/.
 */
@Viewport(downloads = true)
class ExportPageTest extends PageTest {
    @RegisterExtension
    static final ServedTrace HELLO = ServedTrace.page("../examples/hello.trace");

    private static Type type(String name) {
        return HELLO.trace().types().stream().filter(t -> t.name().replace("\"", "").equals(name)).findFirst().orElseThrow();
    }

    private static int value(Type t, String name) {
        return t.values().stream().filter(v -> v.name().replace("\"", "").equals(name)).findFirst().orElseThrow().index();
    }

    /** Opens the page on [0.5, 3] with rank 0 collapsed, then hides Blocked and recolours Running in the legend. */
    private void openTheView() {
        page.navigate(HELLO.server().url());
        page.waitForSelector("body[data-ready=\"1\"]");
        page.waitForFunction(IDLE);
        page.navigate(HELLO.server().url() + "#view=0.5,3&collapsed=" + id("rank 0"));
        page.waitForFunction("() => paje.collapsed.length === 1 && paje.view.start === 0.5");
        Type state = type("Thread State");
        String running = state.id() + ":" + value(state, "Running");
        String blocked = state.id() + ":" + value(state, "Blocked");
        page.click("#legend .entry[data-key=\"" + blocked + "\"]");
        page.locator("#legend .entry[data-key=\"" + running + "\"] input[type=color]").fill("#123456");
        page.waitForFunction("() => paje.colors['" + running + "'] === '#123456' && paje.hidden.includes('" + blocked + "')");
        page.waitForFunction(IDLE);
    }

    private Download export(String format) {
        page.selectOption("#export-format", format);
        Download d = page.waitForDownload(() -> page.click("#export-go"));
        page.waitForFunction("() => paje.export.state === 'done'");
        return d;
    }

    @SuppressWarnings("unchecked")
    private List<Integer> rows() {
        return ((List<Number>) page.evaluate("paje.rows.map(r => r.container)")).stream().map(Number::intValue).toList();
    }

    @Test
    void aPngOfTheViewAsWideAsTheDiagramOnScreen() throws IOException {
        openTheView();
        Download d = export("png");
        assertThat(d.suggestedFilename()).isEqualTo("hello-0.5-3.png");
        byte[] bytes = Files.readAllBytes(d.path());
        Files.write(SHOTS.resolve("export-view.png"), bytes);
        page.screenshot(new Page.ScreenshotOptions().setPath(SHOTS.resolve("export-page.png")));
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(bytes));
        int width = ((Number) page.evaluate("Math.round(document.getElementById('tree').clientWidth"
                + " + document.getElementById('plot').clientWidth)")).intValue();
        assertThat(img.getWidth()).isEqualTo(width);
        assertThat((String) page.evaluate("paje.export.url")).contains("containers=");
        // the renderer, given the page's rows and legend choices, draws this very picture
        Type state = type("Thread State");
        ViewChoices choices = new ViewChoices(rows(), Set.of(new ViewChoices.Value(state.id(), value(state, "Blocked"))),
                Map.of(new ViewChoices.Value(state.id(), value(state, "Running")), 0x123456));
        ByteArrayOutputStream direct = new ByteArrayOutputStream();
        Picture p = Renderer.render(HELLO.trace(), RenderOptions.defaults().withWindow(0.5, 3).withSize(width, 0).withChoices(choices),
                direct, Format.PNG);
        assertThat(bytes).isEqualTo(direct.toByteArray());
        assertThat(p.rows()).extracting(Picture.RowBox::label).containsExactly("node-1", "rank 0", "rank 1", "rank 1 / main",
                "rank 1 / io");
        Picture.LaneBox main = p.rows().get(3).lanes().get(0);
        int y = main.top() + main.height() / 2;
        assertThat(img.getRGB(p.x(0.75), y) & 0xFFFFFF).as("Running, recoloured").isEqualTo(0x123456);
        assertThat(img.getRGB(p.x(1.5), y) & 0xFFFFFF).as("Blocked, hidden").isNotEqualTo(0xe63333).isNotEqualTo(0x123456);
    }

    @Test
    void anSvgOfTheViewAtAChosenWidth() throws Exception {
        openTheView();
        page.fill("#export-width", "700");
        Download d = export("svg");
        assertThat(d.suggestedFilename()).isEqualTo("hello-0.5-3.svg");
        byte[] bytes = Files.readAllBytes(d.path());
        Files.write(SHOTS.resolve("export-view.svg"), bytes);
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document svg = f.newDocumentBuilder().parse(new ByteArrayInputStream(bytes));
        assertThat(svg.getDocumentElement().getAttribute("width")).isEqualTo("700");
        List<String> texts = new ArrayList<>();
        NodeList n = svg.getElementsByTagNameNS("*", "text");
        for (int i = 0; i < n.getLength(); i++) {
            texts.add(n.item(i).getTextContent());
        }
        assertThat(texts).contains("rank 0", "rank 1 / main", "Running", "0.5 s").doesNotContain("rank 0 / main", "Blocked");
        assertThat(new String(bytes, java.nio.charset.StandardCharsets.UTF_8)).contains("rgb(18,52,86)");
        assertThat(page.textContent("#export-note")).contains("hello-0.5-3.svg", "700 px wide", "5 rows");
    }

    @Test
    void aBadWidthIsSaidAndNothingIsDownloaded() {
        openTheView();
        page.fill("#export-width", "50");
        page.click("#export-go");
        page.waitForFunction("() => document.getElementById('export-note').classList.contains('error')");
        assertThat(page.textContent("#export-note")).contains("between 200 and 10000");
    }
}
