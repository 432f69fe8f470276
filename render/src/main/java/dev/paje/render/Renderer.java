package dev.paje.render;

import dev.paje.store.Trace;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import javax.imageio.ImageIO;
import org.jfree.svg.SVGGraphics2D;

/**
 * Draws a trace's space-time diagram, as the viewer shows it, into an SVG document or a PNG image:
 * the same {@link DiagramPainter} paints on JFreeSVG's {@link SVGGraphics2D} or on a
 * {@link BufferedImage}'s graphics. Safe without a display (headless AWT).
 */
public final class Renderer {
    private Renderer() {
    }

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true"); // a picture needs no screen
        }
    }

    /**
     * Draws the picture {@code options} ask for and writes it to {@code out} (not closed).
     *
     * @throws RenderException when the options do not fit the trace (unknown name, bad size, empty window)
     * @throws IOException when writing fails
     */
    public static Picture render(Trace trace, RenderOptions options, OutputStream out, Format format) throws IOException {
        options.check();
        Scope scope = Scope.of(trace, options);
        Palette palette = new Palette(trace, options.choices());
        Layout layout = new Layout(trace, scope, options, palette);
        DiagramPainter painter = new DiagramPainter(trace, scope, layout, palette, options.title());
        return switch (format) {
            case SVG -> svg(painter, layout, out);
            case PNG -> png(painter, layout, out);
        };
    }

    private static Picture svg(DiagramPainter painter, Layout layout, OutputStream out) throws IOException {
        SVGGraphics2D g = new SVGGraphics2D(layout.width, layout.height);
        g.setGeomDoubleConverter(Renderer::number);
        Picture p = painter.paint(g);
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        w.write(g.getSVGElement());
        w.write("\n");
        w.flush();
        return p;
    }

    private static Picture png(DiagramPainter painter, Layout layout, OutputStream out) throws IOException {
        BufferedImage image = new BufferedImage(layout.width, layout.height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            Picture p = painter.paint(g);
            if (!ImageIO.write(image, "png", out)) {
                throw new IOException("no PNG writer in this Java runtime");
            }
            return p;
        } finally {
            g.dispose();
        }
    }

    /** Coordinates with at most two decimals and no trailing zeros: most are whole pixels. */
    static String number(double v) {
        long r = Math.round(v * 100);
        if (r % 100 == 0) {
            return Long.toString(r / 100);
        }
        return java.math.BigDecimal.valueOf(r, 2).stripTrailingZeros().toPlainString();
    }
}
