package dev.paje.render;

import dev.paje.query.VariableSampler;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Path2D;

/**
 * A variable lane, as draw-lanes.js draws it: a filled step line on the lane's own scale (the
 * variable's minimum to maximum over the whole trace, written at the left), and for pixels holding
 * many steps a bar from their minimum to their maximum, hatched.
 */
final class VariablePainter extends PlotPainter {

    VariablePainter(Canvas c) {
        super(c);
    }

    void paint(Lane lane, Type type, VariableTable table, VariableSampler s) {
        double k = lane.height() / Theme.VAR_LANE;
        double top = lane.top() + 4 * k;
        double bot = lane.top() + lane.height() - 3 * k;
        double[] range = table.range(); // the lane's scale: the whole trace's, the same at any zoom
        double lo = range[0];
        double hi = range[1];
        java.util.function.DoubleUnaryOperator y = v -> hi > lo ? bot - (v - lo) / (hi - lo) * (bot - top) : (top + bot) / 2;
        Color c = palette.type(type);
        Path2D.Float area = new Path2D.Float();
        Path2D.Float line = new Path2D.Float();
        double lastX = 0;
        double prevX = Double.NaN;
        for (int i = 0, n = s.itemRow.size(); i < n; i++) {
            double x0 = left + grid.position(s.itemStart.get(i));
            double x1 = left + grid.position(s.itemEnd.get(i));
            double yv = y.applyAsDouble(s.itemValue.get(i));
            if (i == 0) {
                area.moveTo(x0, bot);
            }
            area.lineTo(x0, yv);
            area.lineTo(x1, yv);
            if (!Double.isNaN(prevX) && Math.abs(prevX - x0) < 0.5) {
                line.lineTo(x0, yv);
            } else {
                line.moveTo(x0, yv);
            }
            line.lineTo(x1, yv);
            prevX = x1;
            lastX = x1;
            exact++;
        }
        if (s.itemRow.size() > 0) {
            area.lineTo(lastX, bot);
            area.closePath();
            g.setColor(new Color(c.getRed(), c.getGreen(), c.getBlue(), 41));
            g.fill(area);
            g.setColor(c);
            g.setStroke(new BasicStroke((float) Math.max(1, 1.6 * Math.min(1, k))));
            g.draw(line);
        }
        bars(s, y, new Color(c.getRed(), c.getGreen(), c.getBlue(), 140));
        if (lane.height() >= 24) {
            scale(lane, lo, hi);
        }
    }

    /**
     * A per-pixel series (an aggregate's sums) as a step line on the scale {@code [lo, hi]}, not
     * filled (it changes at nearly every pixel: one shape, not two); equal neighbours form one step.
     */
    void pixels(Lane lane, Type type, double[] values, boolean[] defined, double lo, double hi) {
        double k = lane.height() / Theme.VAR_LANE;
        double top = lane.top() + 4 * k;
        double bot = lane.top() + lane.height() - 3 * k;
        Path2D.Float line = new Path2D.Float();
        int p = 0;
        while (p < values.length) {
            if (!defined[p]) {
                p++;
                continue;
            }
            int q = p;
            while (q + 1 < values.length && defined[q + 1] && values[q + 1] == values[p]) {
                q++;
            }
            double yv = hi > lo ? bot - (values[p] - lo) / (hi - lo) * (bot - top) : (top + bot) / 2;
            yv = Math.round(yv * 2) / 2.0; // half pixels: as sharp, and a smaller SVG
            if (p > 0 && defined[p - 1]) {
                line.lineTo(left + p, yv);
            } else {
                line.moveTo(left + p, yv);
            }
            line.lineTo(left + q + 1, yv);
            p = q + 1;
        }
        g.setColor(palette.type(type));
        g.setStroke(new BasicStroke((float) Math.max(1, 1.2 * Math.min(1, k))));
        g.draw(line);
        if (lane.height() >= 24) {
            scale(lane, lo, hi);
        }
    }

    /** Summarized pixels: a bar from the minimum to the maximum, at least 1.5 px tall. */
    private void bars(VariableSampler s, java.util.function.DoubleUnaryOperator y, Color c) {
        RectBatch batch = new RectBatch();
        Hatch.Run run = hatch.run();
        int rx = -1;
        int rEnd = -1;
        int ry = 0;
        int rh = 0;
        for (int i = 0, n = s.cellPx.size(); i < n; i++) {
            int x = left + s.cellPx.get(i);
            int ya = (int) Math.floor(y.applyAsDouble(s.cellMax.get(i)));
            int yb = (int) Math.ceil(Math.max(y.applyAsDouble(s.cellMin.get(i)), ya + 1.5));
            if (rx >= 0 && x == rEnd && ya == ry && yb - ya == rh) {
                rEnd = x + 1;
            } else {
                batch.add(rx, ry, rEnd - rx, rh, c);
                rx = x;
                rEnd = x + 1;
                ry = ya;
                rh = yb - ya;
            }
            run.add(x, ya, 1, yb - ya);
            cells++;
        }
        if (rx >= 0) {
            batch.add(rx, ry, rEnd - rx, rh, c);
        }
        run.end();
        batch.flush(g);
    }

    /** The lane's scale: its maximum at the top left, its minimum at the bottom left. */
    private void scale(Lane lane, double lo, double hi) {
        g.setFont(Theme.SMALL);
        String tl = number(hi);
        String bl = number(lo);
        g.setColor(new Color(255, 255, 255, 204));
        g.fillRect(left + 2, lane.top() + 1, (int) Math.ceil(Theme.textWidth(Theme.SMALL, tl)) + 4, 11);
        g.fillRect(left + 2, lane.top() + lane.height() - 12, (int) Math.ceil(Theme.textWidth(Theme.SMALL, bl)) + 4, 11);
        g.setColor(Theme.MUTED);
        g.drawString(tl, left + 4, lane.top() + 10);
        g.drawString(bl, left + 4, lane.top() + lane.height() - 3);
    }

    /** Four significant digits, exponent for very large or small values (the viewer's {@code lab}). */
    static String number(double v) {
        if (!Double.isFinite(v)) {
            return String.valueOf(v);
        }
        if (Math.abs(v) >= 1e5 || (Math.abs(v) < 1e-2 && v != 0)) {
            return String.format(java.util.Locale.ROOT, "%.2e", v).replace("e+0", "e+").replace("e-0", "e-");
        }
        String s = new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
        return s.equals("-0") ? "0" : s;
    }
}
