package dev.paje.render;

import java.awt.Graphics2D;
import dev.paje.query.PixelGrid;

/**
 * What every painter of the plot's entities shares: the graphics, the time-to-pixel grid, the plot's
 * left edge, the colours and the hatching of summarized pixels, and the counts the {@link Picture} reports.
 */
abstract class PlotPainter {
    /** The plot a painter draws into. */
    record Canvas(Graphics2D g, PixelGrid grid, int left, Palette palette, Hatch hatch) {
    }

    final Canvas canvas;
    final Graphics2D g;
    final PixelGrid grid;
    final int left;
    final Palette palette;
    final Hatch hatch;
    /** Entities drawn one by one. */
    long exact;
    /** Pixels drawn as a summary. */
    long cells;

    PlotPainter(Canvas c) {
        this.canvas = c;
        this.g = c.g();
        this.grid = c.grid();
        this.left = c.left();
        this.palette = c.palette();
        this.hatch = c.hatch();
    }
}
