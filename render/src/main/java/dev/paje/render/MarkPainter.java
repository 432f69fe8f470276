package dev.paje.render;

import dev.paje.query.PointSampler;
import dev.paje.store.EventTable;
import dev.paje.store.Type;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Events, as draw-marks.js draws them: a triangle pointing down from the top of the row's first
 * lane, in the value's colour; where they are too many, a dark bar per pixel growing with the
 * logarithm of the count, hatched. Triangles of one colour form one shape, and a triangle already
 * drawn at the same pixel is not drawn again (it would cover the very same pixels).
 */
final class MarkPainter extends PlotPainter {

    MarkPainter(Canvas c) {
        super(c);
    }

    void events(Row row, Type type, EventTable t, PointSampler s) {
        double k = Math.min(1, row.firstHeight() / Theme.EVENT_LANE);
        double top = row.firstTop() + (k >= 1 ? 1 : 0);
        Map<Color, Path2D.Float> shapes = new LinkedHashMap<>();
        Set<Long> seen = new HashSet<>();
        for (int i = 0, n = s.rows.size(); i < n; i++) {
            int row0 = s.rows.get(i);
            double x = Math.round((left + grid.position(t.time(row0))) * 2) / 2.0; // to the half pixel
            int value = t.value(row0);
            if (palette.hidden(type, value)) {
                continue;
            }
            exact++;
            if (!seen.add(((long) value << 32) | (long) (x * 2))) {
                continue;
            }
            Path2D.Float p = shapes.computeIfAbsent(palette.value(type, value), c -> new Path2D.Float());
            p.moveTo(x - 5 * k, top);
            p.lineTo(x + 5 * k, top);
            p.lineTo(x, top + 9 * k);
            p.closePath();
        }
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setStroke(new BasicStroke((float) Math.max(0.5, k)));
        for (Map.Entry<Color, Path2D.Float> e : shapes.entrySet()) {
            g.setColor(e.getKey());
            g.fill(e.getValue());
            g.setColor(Theme.EVENT_EDGE);
            g.draw(e.getValue());
        }
        counts(s, (int) Math.round(top), Math.max(1, row.firstHeight() - 2), Theme.EVENT_COUNT, 3, 2);
    }

    /**
     * Counted pixels: bars from {@code top}, {@code base + slope * log2(1 + count)} tall (at most
     * {@code max}); neighbouring pixels of the same height form one bar.
     */
    void counts(PointSampler s, int top, int max, Color c, double base, double slope) {
        if (!s.counted()) {
            return;
        }
        RectBatch batch = new RectBatch();
        Hatch.Run run = hatch.run();
        int rx = -1;
        int rEnd = -1;
        int rh = 0;
        for (int i = 0, n = s.countPx.size(); i < n; i++) {
            int x = left + s.countPx.get(i);
            int h = (int) Math.round(Math.min(max, base + slope * Math.log(1 + s.count.get(i)) / Math.log(2)));
            if (rx >= 0 && x == rEnd && h == rh) {
                rEnd++;
            } else {
                batch.add(rx, top, rEnd - rx, rh, c);
                rx = x;
                rEnd = x + 1;
                rh = h;
            }
            run.add(x, top, 1, h);
            cells++;
        }
        batch.add(rx, top, rEnd - rx, rh, c);
        run.end();
        batch.flush(g);
    }
}
