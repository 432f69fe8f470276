package dev.paje.render;

import dev.paje.query.PointSampler;
import dev.paje.store.Container;
import dev.paje.store.LinkTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Links, as draw-marks.js draws them: an arrow from the first lane of the row the link leaves to
 * that of the row it reaches (a container not drawn is stood for by its nearest drawn ancestor);
 * where a container holds too many, a dark bar per pixel at the bottom of its row. Arrows of one
 * colour form two shapes (shafts, heads), and an arrow already drawn on the same pixels is skipped.
 */
final class LinkPainter extends PlotPainter {
    private static final double HEAD = 8;
    private final RowIndex rows;
    private final MarkPainter marks;

    LinkPainter(Canvas c, RowIndex rows, MarkPainter marks) {
        super(c);
        this.rows = rows;
        this.marks = marks;
    }

    void paint(Trace trace, Scope scope, PointSampler s) {
        Map<Color, Path2D.Float> shafts = new LinkedHashMap<>();
        Map<Color, Path2D.Float> heads = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        for (Type t : trace.types()) {
            if (t.kind() != dev.paje.store.TypeKind.LINK || !scope.drawn(t)) {
                continue;
            }
            for (Container c : trace.containers()) {
                if (!(c.table(t) instanceof LinkTable table)) {
                    continue;
                }
                s.sample(table);
                for (int i = 0, n = s.rows.size(); i < n; i++) {
                    int r = s.rows.get(i);
                    if (palette.hidden(t, table.value(r))) {
                        continue;
                    }
                    Row a = rows.of(table.from(r));
                    Row b = rows.of(table.to(r));
                    if (a == null || b == null) {
                        continue;
                    }
                    exact++;
                    double x0 = Math.round(left + grid.position(table.start(r)));
                    double x1 = Math.round(left + grid.position(table.end(r)));
                    double y0 = a.anchorY();
                    double y1 = b.anchorY();
                    Color color = palette.value(t, table.value(r));
                    if (seen.add(x0 + " " + y0 + " " + x1 + " " + y1 + " " + color.getRGB())) {
                        arrow(shafts.computeIfAbsent(color, k -> new Path2D.Float()),
                                heads.computeIfAbsent(color, k -> new Path2D.Float()), x0, y0, x1, y1);
                    }
                }
                if (!rows.inScope(c)) {
                    continue; // its arrows may join drawn rows, but its counts belong to no drawn row
                }
                Row holder = rows.of(c.id());
                int y = holder == null ? rows.plotTop() : holder.top() + holder.height() - 7;
                long before = marks.cells;
                marks.counts(s, y, 6, Theme.LINK_COUNT, 2, 1);
                cells += marks.cells - before;
                marks.cells = before;
            }
        }
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setStroke(new BasicStroke(1.3f));
        for (Map.Entry<Color, Path2D.Float> e : shafts.entrySet()) {
            g.setColor(e.getKey());
            g.draw(e.getValue());
            g.fill(heads.get(e.getKey()));
        }
    }

    private static void arrow(Path2D.Float shaft, Path2D.Float head, double x0, double y0, double x1, double y1) {
        double ang = Math.atan2(y1 - y0, x1 - x0);
        shaft.moveTo(x0, y0);
        shaft.lineTo(x1 - Math.cos(ang) * HEAD * 0.6, y1 - Math.sin(ang) * HEAD * 0.6);
        head.moveTo(x1, y1);
        head.lineTo(x1 - HEAD * Math.cos(ang - 0.38), y1 - HEAD * Math.sin(ang - 0.38));
        head.lineTo(x1 - HEAD * Math.cos(ang + 0.38), y1 - HEAD * Math.sin(ang + 0.38));
        head.closePath();
        head.append(new Ellipse2D.Double(x0 - 2, y0 - 2, 4, 4), false);
    }
}
