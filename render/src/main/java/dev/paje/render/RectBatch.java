package dev.paje.render;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jfree.svg.SVGGraphics2D;

/**
 * Rectangles that do not overlap, gathered by colour: in an SVG, one shape per colour instead of one
 * element per rectangle; on an image, plain rectangle fills (Java2D fills a shape of many
 * rectangles far more slowly than the rectangles one by one). The same pixels either way.
 */
final class RectBatch {
    private final Map<Color, int[]> byColor = new LinkedHashMap<>();
    private final Map<Color, Integer> sizes = new LinkedHashMap<>();

    void add(int x, int y, int w, int h, Color c) {
        if (w <= 0 || h <= 0) {
            return;
        }
        int[] a = byColor.computeIfAbsent(c, k -> new int[64]);
        int n = sizes.getOrDefault(c, 0);
        if (n + 4 > a.length) {
            a = Arrays.copyOf(a, a.length * 2);
            byColor.put(c, a);
        }
        a[n] = x;
        a[n + 1] = y;
        a[n + 2] = w;
        a[n + 3] = h;
        sizes.put(c, n + 4);
    }

    /** Fills every rectangle, crisp (no antialiasing: edges are on whole pixels), and empties the batch. */
    void flush(Graphics2D g) {
        if (byColor.isEmpty()) {
            return;
        }
        Object aa = g.getRenderingHint(RenderingHints.KEY_ANTIALIASING);
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
        boolean vector = g instanceof SVGGraphics2D;
        for (Map.Entry<Color, int[]> e : byColor.entrySet()) {
            int[] a = e.getValue();
            int n = sizes.get(e.getKey());
            g.setColor(e.getKey());
            if (vector) {
                Path2D.Float p = new Path2D.Float(Path2D.WIND_NON_ZERO, n + 1);
                for (int i = 0; i < n; i += 4) {
                    p.moveTo(a[i], a[i + 1]);
                    p.lineTo(a[i] + a[i + 2], a[i + 1]);
                    p.lineTo(a[i] + a[i + 2], a[i + 1] + a[i + 3]);
                    p.lineTo(a[i], a[i + 1] + a[i + 3]);
                    p.closePath();
                }
                g.fill(p);
            } else {
                for (int i = 0; i < n; i += 4) {
                    g.fillRect(a[i], a[i + 1], a[i + 2], a[i + 3]);
                }
            }
        }
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, aa == null ? RenderingHints.VALUE_ANTIALIAS_DEFAULT : aa);
        byColor.clear();
        sizes.clear();
    }
}
