package dev.paje.server.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Locator;
import dev.paje.SyntheticTrace;
import dev.paje.TraceLoader;
import dev.paje.server.ServedTrace;
import dev.paje.server.ViewerServer;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The page asks for binary window answers ({@code format=bin}) and draws from them exactly what it draws from JSON
 * ones ({@code ?format=json} in its address): the same pixels, zoomed out (summaries) and in (exact items); and its
 * decoder turns a binary answer into the JSON answer's numbers.
 */
class BinaryAnswerPageTest extends PageTest {
    @RegisterExtension
    static final ServedTrace SYNTHETIC = ServedTrace.started(BinaryAnswerPageTest::synthetic);

    private static ViewerServer synthetic() throws IOException {
        Path dir = Files.createTempDirectory("binary-page");
        Path file = SyntheticTrace.write(dir.resolve("synthetic.trace"), 4, 4, 3000, 23);
        try {
            return ViewerServer.start(TraceLoader.builder().summaries(true).build().load(file), "synthetic.trace", "127.0.0.1", 0);
        } finally {
            Files.delete(file);
            Files.delete(dir);
        }
    }

    @Test
    void thePageAsksBinaryAnswersAndDrawsWhatJsonOnesDraw() throws IOException {
        List<String> asked = new CopyOnWriteArrayList<>();
        page.onRequest(r -> {
            if (r.url().contains("/api/window?")) {
                asked.add(r.url());
            }
        });
        String base = SYNTHETIC.server().url();
        for (String view : new String[] {"", "#view=1000,1003", "#view=200,900"}) {
            asked.clear();
            open(base + view);
            assertThat(asked).as("window requests of %s", view).isNotEmpty().allMatch(u -> u.endsWith("&format=bin"));
            int[] binary = pixels("binary" + view);
            double summaries = num("paje.drawn.summaries");
            double states = num("paje.drawn.states");

            asked.clear();
            open(base + "?format=json" + view);
            assertThat(asked).isNotEmpty().noneMatch(u -> u.contains("format="));
            assertThat(pixels("json" + view)).as("the canvas of %s", view).isEqualTo(binary);
            assertThat(num("paje.drawn.summaries")).isEqualTo(summaries);
            assertThat(num("paje.drawn.states")).isEqualTo(states);
        }
        assertThat(num("paje.drawn.summaries")).as("summaries drawn, zoomed out").isPositive();
    }

    @Test
    void theDecoderGivesTheJsonAnswersNumbers() {
        open(SYNTHETIC.server().url());
        String all = String.join(",", ids());
        for (String w : new String[] {"start=0&end=3001&width=1400", "start=1000&end=1003&width=900", "start=10&end=10&width=7",
            "start=0&end=3001&width=300&dominant=1", "start=-9&end=-1&width=50"}) {
            String url = "/api/window?" + w + "&containers=" + all + "&aggregate=1";
            Object same = page.evaluate("""
                    async (url) => {
                      const { decodeBinary } = await import('/data/typed.js');
                      const json = await (await fetch(url)).json();
                      const bin = decodeBinary(await (await fetch(url + '&format=bin')).arrayBuffer());
                      const plain = (k, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v);
                      const a = JSON.stringify(bin, plain), b = JSON.stringify(json);
                      return a === b ? 'same' : a.slice(0, 400) + ' vs ' + b.slice(0, 400);
                    }""", url);
            assertThat(same).as(url).isEqualTo("same");
        }
    }

    private List<String> ids() {
        @SuppressWarnings("unchecked")
        List<Object> ids = (List<Object>) page.evaluate("fetch('/api/meta').then((r) => r.json()).then((m) => m.containers.map((c) => c.id))");
        return ids.stream().map(o -> String.valueOf(((Number) o).intValue())).toList();
    }

    /** The main canvas's pixels (a screenshot of it, kept in target/screenshots/). */
    private int[] pixels(String name) throws IOException {
        Locator canvas = page.locator("#canvas");
        byte[] png = canvas.screenshot(new Locator.ScreenshotOptions().setPath(SHOTS.resolve("binary-answer-" + name.replace('#', '-') + ".png")));
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
        return img.getRGB(0, 0, img.getWidth(), img.getHeight(), null, 0, img.getWidth());
    }
}
