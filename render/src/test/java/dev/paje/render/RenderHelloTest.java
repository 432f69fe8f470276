package dev.paje.render;

import static dev.paje.render.Pictures.pixel;
import static dev.paje.render.Pictures.row;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.store.Trace;
import java.awt.image.BufferedImage;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * The bundled example, whose every state is known: the SVG has its rows, legend and colours; the
 * PNG has each state's colour where the layout puts it, nested states inside outer ones, and the
 * grey of a destroyed container after its end.
 */
class RenderHelloTest {
    private static final int RUNNING = 0x33cc33; // "0.2 0.8 0.2"
    private static final int BLOCKED = 0xe63333; // "0.9 0.2 0.2"
    private static final int READING = 0x4d4de6; // "0.3 0.3 0.9"
    private static Trace trace;

    @BeforeAll
    static void load() throws Exception {
        trace = Pictures.load(Pictures.HELLO);
    }

    @Test
    void svgHasTheRowsTheLegendAndTheTraceColours() throws Exception {
        Pictures.Drawn d = Pictures.render(trace, RenderOptions.defaults().withTitle("hello & <friends>"), Format.SVG, "hello");
        Document svg = d.svg();
        List<String> texts = Pictures.texts(svg);
        assertThat(texts).contains("hello & <friends>", "node-1", "rank 0", "rank 0 / main", "rank 0 / io", "rank 1",
                "rank 1 / main", "rank 1 / io");
        assertThat(texts).contains("Thread State (state)", "Running", "Blocked", "Reading file", "Marker (event)",
                "checkpoint", "Message (link)", "Send", "Memory (MB) (variable)");
        assertThat(texts).as("ticks every 0.5 s, as the viewer labels them").contains("0.0 s", "0.5 s", "1.0 s", "4.0 s")
                .contains("4 s shown");
        assertThat(texts).as("value names inside wide states").contains("Running", "Reading file");
        String styles = Pictures.styles(svg);
        assertThat(styles).contains(Pictures.rgb(51, 204, 51), Pictures.rgb(230, 51, 51), Pictures.rgb(77, 77, 230),
                Pictures.rgb(51, 102, 204));
        assertThat(d.picture().rows()).extracting(Picture.RowBox::label).containsExactly("node-1", "rank 0",
                "rank 0 / main", "rank 0 / io", "rank 1", "rank 1 / main", "rank 1 / io");
        assertThat(d.picture().summarized()).isZero();
        assertThat(svg.getDocumentElement().getAttribute("width")).isEqualTo("1920");
    }

    @Test
    void pngHasEachStateWhereTheLayoutPutsIt() throws Exception {
        Pictures.Drawn d = Pictures.render(trace, RenderOptions.defaults().withSize(1000, 0), Format.PNG, "hello");
        BufferedImage img = d.image();
        Picture p = d.picture();
        assertThat(img.getWidth()).isEqualTo(1000);
        assertThat(img.getHeight()).isEqualTo(p.height());
        Picture.LaneBox main = row(p, "rank 0 / main").lanes().get(0);
        int middle = main.top() + main.height() / 2;
        int edge = main.top() + 2; // inside level 0, above the inset of level 1
        assertThat(pixel(img, p.x(0.25), middle)).isEqualTo(RUNNING);
        assertThat(pixel(img, p.x(0.65), middle)).as("nested Reading file, level 1").isEqualTo(READING);
        assertThat(pixel(img, p.x(0.65), edge)).as("Running around the nested state").isEqualTo(RUNNING);
        Picture.LaneBox io = row(p, "rank 0 / io").lanes().get(0);
        assertThat(pixel(img, p.x(0.5), io.top() + io.height() / 2)).isEqualTo(BLOCKED);
        assertThat(pixel(img, p.x(1.6), io.top() + 2)).isEqualTo(RUNNING);
        Picture.LaneBox r1 = row(p, "rank 1 / io").lanes().get(0);
        assertThat(pixel(img, p.x(2.0), r1.top() + r1.height() / 2)).isEqualTo(BLOCKED);
        assertThat(pixel(img, p.x(3.8), r1.top() + r1.height() / 2)).as("rank 1 is destroyed at 3.5")
                .isEqualTo(Theme.OUTSIDE_LIFE.getRGB() & 0xFFFFFF);
        assertThat(pixel(img, 2, p.height() - 2)).isEqualTo(0xFFFFFF);
    }

    @Test
    void aWindowAndATypeSelectionDrawOnlyThem() throws Exception {
        RenderOptions o = RenderOptions.defaults().withWindow(0.5, 0.8).withContainers(List.of("/node-1/rank 0"))
                .withTypes(List.of("Thread State"));
        Pictures.Drawn d = Pictures.render(trace, o, Format.SVG, "hello-window");
        List<String> texts = Pictures.texts(d.svg());
        assertThat(texts).contains("rank 0", "rank 0 / main", "Reading file").doesNotContain("rank 1", "Memory (MB) (variable)",
                "checkpoint");
        assertThat(d.picture().start()).isEqualTo(0.5);
        assertThat(d.picture().end()).isEqualTo(0.8);
        Pictures.Drawn png = Pictures.render(trace, o, Format.PNG, "hello-window");
        Picture.LaneBox main = row(png.picture(), "rank 0 / main").lanes().get(0);
        assertThat(pixel(png.image(), png.picture().x(0.7), main.top() + main.height() / 2)).isEqualTo(READING);
    }
}
