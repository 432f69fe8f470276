package dev.paje.render;

import dev.paje.store.Container;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.util.List;

/**
 * Everything around the data: the title, the ruler with its units (ruler.js), the names column
 * (tree.js), row backgrounds with the container's lifetime, and the tick grid (draw.js).
 */
final class FramePainter {
    private final Graphics2D g;
    private final Layout l;
    private final Ticks ticks;
    private final double traceEnd;

    FramePainter(Graphics2D g, Layout layout, double traceEnd) {
        this.g = g;
        this.l = layout;
        this.ticks = Ticks.of(layout.grid.start(), layout.grid.end(), layout.plotWidth(), 90);
        this.traceEnd = traceEnd;
    }

    private int x(double t) {
        return (int) Math.round(l.plotLeft + l.grid.position(t));
    }

    /** Rows' backgrounds (alternating), what lies outside each container's life, the row lines and the grid. */
    void backgrounds(List<Row> rows) {
        int right = l.plotLeft + l.plotWidth();
        RectBatch batch = new RectBatch();
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            if (i % 2 == 1) {
                batch.add(l.plotLeft, r.top(), l.plotWidth(), r.height(), Theme.ROW_ODD);
            }
        }
        batch.flush(g);
        for (Row r : rows) {
            if (r.aggregated()) {
                continue;
            }
            Container c = r.container();
            int cs = x(c.start());
            int ce = c.isOpen() ? x(traceEnd) : x(c.end());
            if (c.start() > l.grid.start()) {
                batch.add(l.plotLeft, r.top(), cs - l.plotLeft, r.height(), Theme.OUTSIDE_LIFE);
            }
            if (ce < right) {
                batch.add(ce, r.top(), right - ce, r.height(), Theme.OUTSIDE_LIFE);
            }
        }
        batch.flush(g);
        for (Row r : rows) {
            if (r.height() >= 4) {
                batch.add(l.plotLeft, r.top() + r.height() - 1, l.plotWidth(), 1, Theme.ROW_LINE);
            }
        }
        for (Ticks.Tick k : ticks.ticks()) {
            batch.add(x(k.time()), l.plotTop, 1, l.plotHeight, Theme.GRID);
        }
        batch.flush(g);
    }

    void title(String title) {
        if (title == null) {
            return;
        }
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setFont(Theme.TITLE_FONT);
        g.setColor(Theme.TEXT);
        g.drawString(Labels.fit(Theme.TITLE_FONT, title, l.width - 2 * Theme.MARGIN), Theme.MARGIN,
                Labels.baseline(Theme.TITLE_FONT, Theme.MARGIN + Theme.TITLE / 2f - 2));
    }

    /** The ruler: major ticks with labels in the step's unit, minor ticks, and what t₀ is for relative labels. */
    void ruler() {
        int bottom = l.rulerTop + Theme.RULER;
        RectBatch marks = new RectBatch();
        if (ticks.minor() > 0) {
            long first = (long) Math.ceil(l.grid.start() / ticks.minor());
            for (long k = first, n = 0; k * ticks.minor() <= l.grid.end() && n < 2000; k++, n++) {
                marks.add(x(k * ticks.minor()), bottom - 5, 1, 5, Theme.MINOR_TICK);
            }
        }
        marks.flush(g);
        marks.add(l.plotLeft, bottom - 1, l.plotWidth(), 1, Theme.FRAME);
        for (Ticks.Tick k : ticks.ticks()) {
            marks.add(x(k.time()), bottom - 10, 1, 10, Theme.TEXT);
        }
        marks.flush(g);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setFont(Theme.LABEL);
        g.setColor(Theme.TEXT);
        int right = l.plotLeft + l.plotWidth();
        double taken = Double.NEGATIVE_INFINITY;
        for (Ticks.Tick k : ticks.ticks()) {
            double tw = Theme.textWidth(Theme.LABEL, k.label());
            double lx = Math.min(Math.max(x(k.time()) + 3, l.plotLeft + 2), right - tw - 2);
            if (lx < taken + 6) {
                continue; // the last label, pushed left by the edge, would cover the one before
            }
            g.drawString(k.label(), (float) lx, l.rulerTop + 13);
            taken = lx + tw;
        }
        String corner = ticks.relative() ? "t₀ = " + Ticks.time(ticks.base(), ticks.step() / 10)
                : Ticks.duration(l.grid.end() - l.grid.start()) + " shown";
        g.setColor(Theme.MUTED);
        g.drawString(Labels.fit(Theme.LABEL, corner, l.plotLeft - l.namesLeft - 6), l.namesLeft, l.rulerTop + 13);
    }

    /** Container names, indented by depth, centred on the first lane; skipped when rows are too thin to read. */
    void names(List<Row> rows) {
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        int width = l.plotLeft - l.namesLeft - 6;
        int every = 1;
        int min = rows.stream().mapToInt(Row::height).min().orElse(20);
        if (min < 9) {
            every = (int) Math.ceil(12.0 / Math.max(1, min)); // thin rows: name every few rows, still readable
        }
        java.awt.Font font = min < 12 ? Theme.SMALL : Theme.LABEL;
        g.setFont(font);
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            if (i % every != 0) {
                continue;
            }
            int indent = Math.min(r.depth() * Theme.INDENT, width / 2);
            g.setColor(r.aggregated() ? Theme.MUTED : Theme.TEXT);
            String text = Labels.fit(font, r.label(), width - indent);
            double mid = r.height() >= 9 ? r.firstTop() + Math.min(r.firstHeight(), r.height()) / 2.0 : r.top() + r.height() / 2.0;
            g.drawString(text, l.namesLeft + indent, Labels.baseline(font, (float) mid));
        }
        g.setColor(new Color(0xe6e6e1));
        g.fillRect(l.plotLeft - 1, l.plotTop, 1, l.plotHeight);
    }
}
