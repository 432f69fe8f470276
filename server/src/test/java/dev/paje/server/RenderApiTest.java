package dev.paje.server;

import dev.paje.store.DisplayNames;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.render.Format;
import dev.paje.render.Picture;
import dev.paje.render.RenderOptions;
import dev.paje.render.Renderer;
import dev.paje.render.ViewChoices;
import dev.paje.store.Container;
import dev.paje.store.Type;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** {@code /api/render} over examples/hello.trace: the picture of a view (rows, hidden values, colours) and its errors. */
class RenderApiTest {
    @RegisterExtension
    static final ServedTrace HELLO = ServedTrace.api("../examples/hello.trace");
    private static final int RUNNING = 0x33cc33;
    private static final int MINE = 0x123456;
    private static final Path OUT = Path.of("target", "render-api");

    @BeforeAll
    static void start() throws Exception {
        Files.createDirectories(OUT);
    }

    private static int id(String container) {
        return HELLO.trace().containers().stream().filter(c -> DisplayNames.name(c.name()).equals(container)).findFirst()
                .map(Container::id).orElseThrow();
    }

    private static Type type(String name) {
        return HELLO.trace().types().stream().filter(t -> DisplayNames.name(t.name()).equals(name)).findFirst().orElseThrow();
    }

    private static int value(String type, String value) {
        return type(type).values().stream().filter(v -> DisplayNames.name(v.name()).equals(value)).findFirst().orElseThrow()
                .index();
    }

    /** The page's rows with rank 0 collapsed. */
    private static String rows() {
        return Stream.of("node-1", "rank 0", "rank 1", "rank 1 / main", "rank 1 / io").map(n -> String.valueOf(id(n)))
                .collect(Collectors.joining(","));
    }

    private static String state() {
        return String.valueOf(type("Thread State").id());
    }

    private static Api.Answer picture(String query, String name) throws Exception {
        Api.Answer a = HELLO.api().get("/api/render?" + query);
        assertThat(a.status()).as("%s", a).isEqualTo(200);
        Files.write(OUT.resolve(name), a.response().body());
        return a;
    }

    @Test
    void svgOfAViewHasItsRowsAndColoursAndIsADownload() throws Exception {
        String q = "start=0.5&end=3&width=900&format=svg&containers=" + rows() + "&hidden=" + state() + ":"
                + value("Thread State", "Blocked") + "&colors=" + state() + ":" + value("Thread State", "Running") + ":123456";
        Api.Answer a = picture(q, "view.svg");
        assertThat(a.header("Content-Type")).isEqualTo("image/svg+xml");
        assertThat(a.header("Content-Disposition")).isEqualTo("attachment; filename=\"hello-0.5-3.svg\"");
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document svg = f.newDocumentBuilder().parse(new ByteArrayInputStream(a.response().body()));
        assertThat(svg.getDocumentElement().getLocalName()).isEqualTo("svg");
        assertThat(svg.getDocumentElement().getAttribute("width")).isEqualTo("900");
        List<String> texts = new ArrayList<>();
        StringBuilder styles = new StringBuilder();
        NodeList all = svg.getElementsByTagNameNS("*", "*");
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            if (e.getLocalName().equals("text")) {
                texts.add(e.getTextContent());
            }
            styles.append(e.getAttribute("style")).append('\n');
        }
        assertThat(texts).contains("node-1", "rank 0", "rank 1", "rank 1 / main", "rank 1 / io", "Running", "Reading file")
                .as("rank 0 is collapsed; Blocked is hidden").doesNotContain("rank 0 / main", "rank 0 / io", "Blocked");
        assertThat(styles).as("the chosen colour, the trace's for the others, not the hidden value's")
                .contains("rgb(18,52,86)", "rgb(77,77,230)").doesNotContain("rgb(51,204,51)", "rgb(230,51,51)");
    }

    @Test
    void pngHasTheWidthAskedAndEachStateWhereTheRendererPutsIt() throws Exception {
        String q = "start=0&end=4&width=1000&format=png&colors=" + state() + ":" + value("Thread State", "Running")
                + ":123456&title=hello";
        Api.Answer a = picture(q, "view.png");
        assertThat(a.header("Content-Type")).isEqualTo("image/png");
        assertThat(a.header("Content-Disposition")).isEqualTo("attachment; filename=\"hello-0-4.png\"");
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(a.response().body()));
        assertThat(img.getWidth()).isEqualTo(1000);
        // the same options given to the renderer directly: the same picture, and where each row is
        RenderOptions o = RenderOptions.defaults().withWindow(0, 4).withSize(1000, 0).withTitle("hello")
                .withChoices(new ViewChoices(List.of(), Set.of(),
                        Map.of(new ViewChoices.Value(type("Thread State").id(), value("Thread State", "Running")), MINE)));
        ByteArrayOutputStream direct = new ByteArrayOutputStream();
        Picture p = Renderer.render(HELLO.trace(), o, direct, Format.PNG);
        assertThat(a.response().body()).isEqualTo(direct.toByteArray());
        assertThat(img.getHeight()).isEqualTo(p.height());
        Picture.LaneBox main = lane(p, "rank 0 / main");
        assertThat(img.getRGB(p.x(0.25), main.top() + main.height() / 2) & 0xFFFFFF).isEqualTo(MINE);
        Picture.LaneBox io = lane(p, "rank 1 / io");
        assertThat(img.getRGB(p.x(2.0), io.top() + io.height() / 2) & 0xFFFFFF).as("Blocked").isEqualTo(0xe63333);
        Picture.LaneBox mainOf1 = lane(p, "rank 1 / main");
        assertThat(img.getRGB(p.x(0.25), mainOf1.top() + mainOf1.height() / 2) & 0xFFFFFF).isNotEqualTo(RUNNING);
    }

    private static Picture.LaneBox lane(Picture p, String row) {
        return p.rows().stream().filter(r -> r.label().equals(row)).findFirst().orElseThrow().lanes().get(0);
    }

    @Test
    void badParametersAre400AndUnknownIds404() {
        String ok = "start=0&end=4&width=800&format=svg";
        fails(400, "start=0&width=800&format=svg", "end is missing");
        fails(400, "start=3&end=1&width=800&format=svg", "must be before end");
        fails(400, "start=1&end=1&width=800&format=svg", "must be before end");
        fails(400, "start=0&end=4&width=50&format=svg", "width must be an integer between 200 and 10000");
        fails(400, "start=0&end=4&width=800&height=20&format=svg", "height must be an integer between 100");
        fails(400, "start=0&end=4&width=800&format=gif", "format must be svg or png, found 'gif'");
        fails(400, "start=0&end=4&width=10000&height=10000&format=png", "too large");
        fails(400, ok + "&containers=1,x", "comma-separated list of ids");
        fails(400, ok + "&containers=", "containers is empty");
        fails(404, ok + "&containers=1,99", "unknown container 99");
        fails(404, ok + "&types=99", "unknown type 99");
        fails(400, ok + "&types=0", "container type");
        fails(400, ok + "&hidden=Blocked", "TYPE:VALUE");
        fails(404, ok + "&hidden=99:0", "unknown type 99");
        fails(404, ok + "&hidden=" + state() + ":9", "has no value 9");
        fails(400, ok + "&colors=" + state() + ":0:zz0000", "TYPE:VALUE:RRGGBB");
        fails(400, ok + "&title=" + "t".repeat(201), "title is longer");
        fails(400, "start=0&end=4&width=800&height=100&format=svg&title=x", "leaves no room for the rows");
    }

    private static void fails(int status, String query, String message) {
        Api.Answer a = HELLO.api().get("/api/render?" + query);
        assertThat(a.status()).as("%s -> %s", query, a).isEqualTo(status);
        assertThat(a.header("Content-Type")).startsWith("application/json");
        assertThat(a.json().get("error").asText()).as(query).contains(message);
    }

    @Test
    void theFileNameSaysTheTraceAndTheWindow() {
        assertThat(RenderHandler.fileName("hello.trace", 0, 4, Format.SVG)).isEqualTo("hello-0-4.svg");
        assertThat(RenderHandler.fileName("big run.paje.gz", 1.25, 2e-3, Format.PNG)).isEqualTo("big_run-1.25-0.002.png");
        assertThat(RenderHandler.fileName("\"x\";y", -1, 1e30, Format.SVG)).isEqualTo("_x__y--1-1.0E30.svg");
        assertThat(RenderHandler.fileName(".trace", 0, 1, Format.SVG)).isEqualTo("trace-0-1.svg");
    }
}
