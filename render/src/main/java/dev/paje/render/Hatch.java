package dev.paje.render;

import java.awt.BasicStroke;
import java.awt.Graphics2D;
import java.awt.geom.Path2D;

/**
 * The hatching the viewer lays over everything summarized, so that a summary never looks exact:
 * diagonal lines 6 px apart, in one global phase so that neighbouring areas join up, drawn as one
 * path over all areas at the end.
 */
final class Hatch {
    private static final int PERIOD = 6;
    /** Segments per shape: Java2D strokes one huge shape far more slowly than several smaller ones. */
    private static final int CHUNK = 20_000;
    private final java.util.List<Path2D.Float> paths = new java.util.ArrayList<>();
    private Path2D.Float path = new Path2D.Float();
    private int segments;
    private int areas;

    /**
     * A series of areas from one source (a lane level), left to right: touching areas of the same
     * height are joined before they are hatched, so lines run across them unbroken.
     */
    final class Run {
        private int x0 = -1;
        private int x1;
        private int y0;
        private int y1;

        void add(int x, int y, int w, int h) {
            if (w <= 0 || h <= 0) {
                return;
            }
            if (x0 >= 0 && x == x1 && y == y0 && y + h == y1) {
                x1 = x + w;
                return;
            }
            end();
            x0 = x;
            x1 = x + w;
            y0 = y;
            y1 = y + h;
        }

        /** Hatches the pending area. */
        void end() {
            if (x0 >= 0) {
                area(x0, y0, x1, y1);
                x0 = -1;
            }
        }
    }

    Run run() {
        return new Run();
    }

    /** Whether anything was summarized. */
    boolean any() {
        return areas > 0;
    }

    private void area(int x0, int y0, int x1, int y1) {
        areas++;
        // lines x + y = c, c a multiple of the period, cut to the rectangle
        for (int c = Math.floorDiv(x0 + y0, PERIOD) * PERIOD; c <= x1 + y1; c += PERIOD) {
            double xa = Math.max(x0, c - y1);
            double xb = Math.min(x1, c - y0);
            if (xb > xa) {
                if (segments++ % CHUNK == 0) {
                    path = new Path2D.Float();
                    paths.add(path);
                }
                path.moveTo(xa, c - xa);
                path.lineTo(xb, c - xb);
            }
        }
    }

    void draw(Graphics2D g) {
        if (areas == 0) {
            return;
        }
        g.setRenderingHint(java.awt.RenderingHints.KEY_ANTIALIASING, java.awt.RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Theme.HATCH);
        g.setStroke(new BasicStroke(1.2f));
        for (Path2D.Float p : paths) {
            g.draw(p);
        }
    }
}
