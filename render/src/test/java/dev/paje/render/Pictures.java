package dev.paje.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.TraceLoader;
import dev.paje.store.Trace;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Test helpers: traces from files or text, pictures rendered, saved under target/render/ (to look at) and parsed back. */
final class Pictures {
    static final Path OUT = Path.of("target", "render");
    static final Path HELLO = Path.of("..", "examples", "hello.trace");

    private Pictures() {
    }

    static Trace load(Path file) throws IOException {
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(file);
        assertThat(loaded.valid()).as("%s: %s", file, loaded.problems()).isTrue();
        return loaded.trace();
    }

    static Trace parse(String text) throws IOException {
        InputStream in = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(in, "test.trace", Path.of("."));
        assertThat(loaded.valid()).as("%s", loaded.problems()).isTrue();
        return loaded.trace();
    }

    /** A rendered picture: its bytes and what it holds. */
    record Drawn(byte[] bytes, Picture picture) {
        BufferedImage image() throws IOException {
            return ImageIO.read(new ByteArrayInputStream(bytes));
        }

        Document svg() throws Exception {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            return f.newDocumentBuilder().parse(new ByteArrayInputStream(bytes));
        }
    }

    /** Renders and keeps a copy in target/render/NAME. */
    static Drawn render(Trace trace, RenderOptions options, Format format, String name) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Picture p = Renderer.render(trace, options, out, format);
        Files.createDirectories(OUT);
        Files.write(OUT.resolve(name + "." + format.extension()), out.toByteArray());
        return new Drawn(out.toByteArray(), p);
    }

    /** The text content of every {@code <text>} element. */
    static List<String> texts(Document d) {
        List<String> out = new ArrayList<>();
        NodeList n = d.getElementsByTagNameNS("*", "text");
        for (int i = 0; i < n.getLength(); i++) {
            out.add(n.item(i).getTextContent());
        }
        return out;
    }

    /** Every element below the root. */
    static int elements(Document d) {
        return d.getElementsByTagNameNS("*", "*").getLength() - 1;
    }

    /** All style attributes, where colours are written. */
    static String styles(Document d) {
        StringBuilder sb = new StringBuilder();
        NodeList n = d.getElementsByTagNameNS("*", "*");
        for (int i = 0; i < n.getLength(); i++) {
            sb.append(((Element) n.item(i)).getAttribute("style")).append('\n');
        }
        return sb.toString();
    }

    static String rgb(int r, int g, int b) {
        return "rgb(" + r + "," + g + "," + b + ")";
    }

    /** The row labelled {@code label}. */
    static Picture.RowBox row(Picture p, String label) {
        return p.rows().stream().filter(r -> r.label().equals(label)).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + label + " in " + p.rows()));
    }

    static int pixel(BufferedImage img, int x, int y) {
        return img.getRGB(x, y) & 0xFFFFFF;
    }
}
