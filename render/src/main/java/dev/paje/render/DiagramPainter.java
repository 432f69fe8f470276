package dev.paje.render;

import dev.paje.query.PointSampler;
import dev.paje.query.StateSampler;
import dev.paje.query.VariableSampler;
import dev.paje.store.Container;
import dev.paje.store.EventTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.VariableTable;
import java.awt.Graphics2D;
import java.awt.RenderingHints;

/**
 * The one drawing routine of the diagram, onto any {@link Graphics2D} (an SVG document or an
 * image): frame, then each row's states, variables and events as the samplers give them at the
 * plot's pixel width, the hatching of what was summarized, the links, and the legend.
 */
record DiagramPainter(Trace trace, Scope scope, Layout layout, Palette palette, String title) {
    /** Paints the whole picture and returns what it drew. */
    Picture paint(Graphics2D g) {
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        g.setColor(Theme.BACKGROUND);
        g.fillRect(0, 0, layout.width, layout.height);
        FramePainter frame = new FramePainter(g, layout, trace.end());
        frame.title(title);
        frame.backgrounds(layout.rows);
        frame.ruler();
        frame.names(layout.rows);

        Hatch hatch = new Hatch();
        int left = layout.plotLeft;
        PlotPainter.Canvas canvas = new PlotPainter.Canvas(g, layout.grid, left, palette, hatch);
        StatePainter states = new StatePainter(canvas);
        VariablePainter variables = new VariablePainter(canvas);
        MarkPainter marks = new MarkPainter(canvas);
        AggregatePainter aggregates = new AggregatePainter(canvas, trace.end());
        StateSampler stateSampler = new StateSampler(layout.grid, trace.end());
        VariableSampler variableSampler = new VariableSampler(layout.grid, trace.end());
        PointSampler points = new PointSampler(layout.grid);
        g.setClip(left, layout.plotTop, layout.plotWidth(), layout.plotHeight);
        for (Row row : layout.rows) {
            if (row.aggregated()) {
                row.lanes().forEach(lane -> aggregates.paint(row, lane, lane.type()));
                continue;
            }
            Container c = row.container();
            for (Lane lane : row.lanes()) {
                if (c.table(lane.type()) instanceof StateTable t) {
                    states.paint(lane, lane.type(), stateSampler.sample(t));
                } else if (c.table(lane.type()) instanceof VariableTable v && !palette.hidden(lane.type())) {
                    variables.paint(lane, lane.type(), v, variableSampler.sample(v));
                }
            }
            for (Type t : trace.types()) {
                if (t.kind() == TypeKind.EVENT && scope.drawn(t) && c.table(t) instanceof EventTable e) {
                    marks.events(row, t, e, points.sample(e));
                }
            }
        }
        hatch.draw(g);
        RowIndex index = new RowIndex(trace, scope, layout.rows, layout.plotTop);
        LinkPainter links = new LinkPainter(canvas, index, marks);
        links.paint(trace, scope, points);
        g.setClip(null);
        if (layout.legend != null) {
            layout.legend.draw(g, layout.legendTop, hatch.any());
        }
        return new Picture(layout.width, layout.height, left, layout.plotTop, layout.plotWidth(), layout.plotHeight,
                layout.grid.start(), layout.grid.end(), layout.rows.stream().map(Picture.RowBox::of).toList(),
                layout.autoAggregated, states.exact + variables.exact + marks.exact + links.exact,
                states.cells + variables.cells + marks.cells + links.cells + aggregates.cells);
    }
}
