package dev.paje.render;

import static dev.paje.render.Pictures.pixel;
import static dev.paje.render.Pictures.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paje.store.DisplayNames;
import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/** A viewer's choices ({@link ViewChoices}) over examples/hello.trace: listed rows, hidden values, changed colours. */
class RenderChoicesTest {
    private static final int RUNNING = 0x33cc33;
    private static final int BLOCKED = 0xe63333;
    private static Trace trace;

    @BeforeAll
    static void load() throws Exception {
        trace = Pictures.load(Pictures.HELLO);
    }

    private static int id(String name) {
        return trace.containers().stream().filter(c -> DisplayNames.name(c.name()).equals(name)).findFirst()
                .map(Container::id).orElseThrow();
    }

    private static Type type(String name) {
        return trace.types().stream().filter(t -> DisplayNames.name(t.name()).equals(name)).findFirst().orElseThrow();
    }

    private static ViewChoices.Value value(String type, String value) {
        Type t = type(type);
        return new ViewChoices.Value(t.id(), t.values().stream().filter(v -> DisplayNames.name(v.name()).equals(value))
                .findFirst().orElseThrow().index());
    }

    @Test
    void listedRowsAreDrawnAloneInTreeOrderIndentedBelowListedAncestors() throws Exception {
        // rank 0 collapsed: its threads have no row; rank 1 expanded (listed in another order than the tree's)
        ViewChoices c = new ViewChoices(List.of(id("rank 1 / io"), id("node-1"), id("rank 1"), id("rank 0"),
                id("rank 1 / main")), Set.of(), Map.of());
        Pictures.Drawn d = Pictures.render(trace, RenderOptions.defaults().withSize(900, 0).withChoices(c), Format.SVG,
                "choices-rows");
        assertThat(d.picture().rows()).extracting(Picture.RowBox::label).containsExactly("node-1", "rank 0", "rank 1",
                "rank 1 / main", "rank 1 / io");
        assertThat(Pictures.texts(d.svg())).contains("rank 0", "rank 1 / io").doesNotContain("rank 0 / main", "rank 0 / io");
        assertThat(d.picture().autoAggregated()).isFalse();
    }

    @Test
    void hiddenValuesAreNeitherDrawnNorInTheLegendAndChangedColoursReplaceTheTrace() throws Exception {
        ViewChoices c = new ViewChoices(List.of(), Set.of(value("Thread State", "Blocked"),
                new ViewChoices.Value(type("Memory (MB)").id(), ViewChoices.Value.ALL)),
                Map.of(value("Thread State", "Running"), 0x123456));
        RenderOptions o = RenderOptions.defaults().withSize(1000, 0).withChoices(c);
        Document svg = Pictures.render(trace, o, Format.SVG, "choices-look").svg();
        assertThat(Pictures.texts(svg)).contains("Running", "Reading file").doesNotContain("Blocked", "Memory (MB) (variable)");
        assertThat(Pictures.styles(svg)).contains(Pictures.rgb(0x12, 0x34, 0x56)).doesNotContain(Pictures.rgb(51, 204, 51),
                Pictures.rgb(230, 51, 51));
        Pictures.Drawn png = Pictures.render(trace, o, Format.PNG, "choices-look");
        BufferedImage img = png.image();
        Picture p = png.picture();
        Picture.LaneBox main = row(p, "rank 0 / main").lanes().get(0);
        assertThat(pixel(img, p.x(0.25), main.top() + main.height() / 2)).isEqualTo(0x123456);
        Picture.LaneBox io = row(p, "rank 0 / io").lanes().get(0);
        assertThat(pixel(img, p.x(0.5), io.top() + io.height() / 2)).as("Blocked is hidden").isNotEqualTo(BLOCKED)
                .isNotEqualTo(RUNNING);
    }

    @Test
    void eventsAreDrawnAtTheirTime() throws Exception {
        Pictures.Drawn d = Pictures.render(trace, RenderOptions.defaults().withSize(1000, 0), Format.PNG, "choices-events");
        Picture p = d.picture();
        Picture.LaneBox main = row(p, "rank 0 / main").lanes().get(0);
        int marker = new Palette(trace).value(type("Marker"), 0).getRGB() & 0xFFFFFF;
        // checkpoint at 1.1 s: a triangle from the top of the lane, its middle in the event's column
        assertThat(pixel(d.image(), p.x(1.1), main.top() + 3)).isEqualTo(marker);
        assertThat(pixel(d.image(), p.x(0.8), main.top() + 3)).isNotEqualTo(marker);
    }

    @Test
    void unknownIdsAreUserErrors() {
        fails(new ViewChoices(List.of(99), Set.of(), Map.of()), "no container has the id 99", "0 to 7");
        fails(new ViewChoices(List.of(), Set.of(new ViewChoices.Value(0, 0)), Map.of()), "no entity type has the id 0");
        fails(new ViewChoices(List.of(), Set.of(), Map.of(new ViewChoices.Value(type("Thread State").id(), 7), 0)),
                "has no value 7", "3 values");
    }

    private static void fails(ViewChoices c, String... messages) {
        assertThatThrownBy(() -> Renderer.render(trace, RenderOptions.defaults().withChoices(c), new ByteArrayOutputStream(),
                Format.SVG)).isInstanceOf(RenderException.class).hasMessageContainingAll(messages);
    }
}
