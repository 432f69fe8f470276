package dev.paje.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.store.DisplayNames;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.testing.CorpusTests;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.w3c.dom.Document;

/**
 * Traces of the shared corpus, drawn to SVG and PNG (kept in target/render/ to look at): the SVG
 * parses, names its rows and its types, and stays small (summaries, not one element per entity);
 * the PNG has the picture's size and colours in its plot.
 */
class RenderCorpusTest {
    private static final List<String> TRACES = List.of("simgrid-msg-tracing-trace_platform-1.trace", "pajeng-g5k.trace",
            "pajeng-simu-mardi.trace", "pajeng-native_sample.trace", "simgrid-3.32-smpi-ring-16ranks-50it.trace",
            "pajeng-ms.trace", "pajeng-categories.trace", "simgrid-smpi-trace-trace.trace", "pajeng-links.trace",
            "pajeng-states.trace", "pajeng-events.trace");

    @TestFactory
    Stream<DynamicTest> corpusTracesRender() {
        return CorpusTests.eachValid(TRACES, RenderCorpusTest::check);
    }

    private static void check(Path file) throws Exception {
        Trace trace = Pictures.load(file);
        String name = file.getFileName().toString().replace(".trace", "");
        RenderOptions o = RenderOptions.defaults().withTitle(name);
        Pictures.Drawn svg = Pictures.render(trace, o, Format.SVG, name);
        Document doc = svg.svg();
        Picture p = svg.picture();
        List<String> texts = Pictures.texts(doc);
        assertThat(p.rows()).isNotEmpty();
        if (p.rows().stream().allMatch(r -> r.height() >= 9)) {
            for (Picture.RowBox r : p.rows()) {
                assertThat(texts).as("row label").anySatisfy(t -> assertThat(r.label()).startsWith(t.replace("…", "")));
            }
        }
        for (Picture.RowBox r : p.rows()) {
            for (Picture.LaneBox lane : r.lanes()) {
                assertThat(texts).as("legend of %s", lane.type()).anySatisfy(t -> assertThat(t).startsWith(lane.type()));
            }
        }
        long entities = entities(trace);
        int elements = Pictures.elements(doc);
        assertThat(elements).as("%d entities", entities).isLessThan(3000);
        if (entities > 20_000) {
            assertThat(elements).as("summaries, not one element per entity (%d entities)", entities)
                    .isLessThan((int) (entities / 10));
        }
        assertThat(svg.bytes().length).isLessThan(4 << 20);

        Pictures.Drawn png = Pictures.render(trace, o, Format.PNG, name);
        BufferedImage img = png.image();
        assertThat(img.getWidth()).isEqualTo(1920);
        assertThat(img.getHeight()).isEqualTo(png.picture().height()).isEqualTo(p.height());
        assertThat(colours(img, png.picture())).as("distinct colours in the plot").isGreaterThan(3);
    }

    private static long entities(Trace trace) {
        long n = 0;
        for (Container c : trace.containers()) {
            for (Type t : trace.types()) {
                EntityTable table = c.table(t);
                n += table == null ? 0 : table.size();
            }
        }
        return n;
    }

    private static long colours(BufferedImage img, Picture p) {
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int y = p.plotTop(); y < p.plotTop() + p.plotHeight(); y++) {
            for (int x = p.plotLeft(); x < p.plotLeft() + p.plotWidth(); x += 7) {
                seen.add(img.getRGB(x, y));
            }
        }
        return seen.size();
    }

    static String label(Container c) {
        return DisplayNames.name(c.name());
    }
}
