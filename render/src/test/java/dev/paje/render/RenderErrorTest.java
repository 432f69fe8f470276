package dev.paje.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paje.store.Trace;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Requests that cannot be drawn fail with a message that says why (and what was meant, when it can tell). */
class RenderErrorTest {
    private static Trace trace;

    @BeforeAll
    static void load() throws Exception {
        trace = Pictures.load(Pictures.HELLO);
    }

    private static void fails(RenderOptions o, String... words) {
        assertThatThrownBy(() -> Renderer.render(trace, o, new ByteArrayOutputStream(), Format.SVG))
                .isInstanceOf(RenderException.class).message().contains(words);
    }

    @Test
    void formatsComeFromTheExtension() {
        assertThat(Format.of(Path.of("a/b.SVG"))).isEqualTo(Format.SVG);
        assertThat(Format.of(Path.of("b.png"))).isEqualTo(Format.PNG);
        assertThatThrownBy(() -> Format.of(Path.of("b.jpg"))).isInstanceOf(RenderException.class)
                .hasMessageContaining("unknown extension '.jpg'").hasMessageContaining(".svg or .png");
        assertThatThrownBy(() -> Format.of(Path.of("picture"))).hasMessageContaining("no extension");
    }

    @Test
    void badNamesSizesAndWindowsSayWhy() {
        RenderOptions d = RenderOptions.defaults();
        fails(d.withContainers(List.of("/node-1/rank0")), "no container has the path '/node-1/rank0'", "'/node-1/rank 0'");
        fails(d.withContainers(List.of("rank")), "no container is named 'rank'");
        fails(d.withTypes(List.of("State")), "no entity type is named 'State'", "'Thread State'");
        fails(d.withTypes(List.of("Thread")), "'Thread' is a container type", "--container");
        fails(d.withWindow(3, 2), "empty window", "3.0", "2.0");
        fails(d.withWindow(Double.NaN, 2), "must be numbers");
        fails(d.withSize(50, 0), "width 50 is out of range", "200", "20000");
        fails(d.withSize(50_000, 0), "width 50000 is out of range");
        fails(d.withSize(800, 20), "height 20 is out of range");
        fails(d.withSize(800, 100).withTitle("t"), "leaves no room for the rows");
    }
}
