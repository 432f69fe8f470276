package dev.paje.render;

import dev.paje.query.PixelGrid;
import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Where everything goes: title, names column, ruler, rows and legend. Rows keep the viewer's heights
 * when they fit; otherwise they get thinner, and when they would get thinner than a quarter of
 * that, containers with many leaf children are aggregated (as {@code --aggregate}) first.
 */
final class Layout {
    /** Below this fraction of their natural height rows are aggregated, if they can be. */
    static final double MIN_SCALE = 0.25;
    /** Above this rows do not grow further in a tall picture. */
    static final double MAX_SCALE = 3;

    final int width;
    final int height;
    final int namesLeft;
    final int plotLeft;
    final int plotTop;
    final int plotHeight;
    final int rulerTop;
    final int legendTop;
    final boolean autoAggregated;
    final double scale;
    final PixelGrid grid;
    final List<Row> rows;
    final LegendPainter legend;

    Layout(Trace trace, Scope scope, RenderOptions o, Palette palette) {
        width = o.width();
        RowPlan plan = new RowPlan(trace, scope, o.aggregate(), o.aggregateMin());
        int labels = labelWidth(plan, o.width());
        namesLeft = Theme.MARGIN;
        plotLeft = Theme.MARGIN + labels;
        int plotWidth = o.width() - plotLeft - Theme.MARGIN;
        grid = new PixelGrid(scope.start(), scope.end(), plotWidth);
        rulerTop = Theme.MARGIN + (o.title() == null ? 0 : Theme.TITLE);
        plotTop = rulerTop + Theme.RULER;
        int budget = o.height() == 0 ? RenderOptions.MAX_AUTO_HEIGHT : o.height();
        int avail = avail(budget, o, plan, trace, scope, palette);
        double s = scaleFor(plan, avail, o.height() != 0);
        boolean auto = false;
        if (s < MIN_SCALE && !o.aggregate() && scope.listed() == null) { // a viewer's rows stay as listed
            RowPlan aggregated = new RowPlan(trace, scope, true, o.aggregateMin());
            if (aggregated.specs.size() < plan.specs.size()) {
                plan = aggregated;
                auto = true;
                avail = avail(budget, o, plan, trace, scope, palette);
                s = scaleFor(plan, avail, o.height() != 0);
            }
        }
        autoAggregated = auto;
        scale = s;
        rows = plan.place(plotTop, s);
        plotHeight = rows.isEmpty() ? 0 : rows.get(rows.size() - 1).top() + rows.get(rows.size() - 1).height() - plotTop;
        legend = o.legend() ? legend(plan, trace, scope, palette) : null;
        legendTop = plotTop + plotHeight + Theme.LEGEND_GAP;
        height = o.height() != 0 ? o.height()
                : legendTop + (legend == null ? 0 : legend.measure()) + Theme.MARGIN - (legend == null ? Theme.LEGEND_GAP : 0);
    }

    private int avail(int budget, RenderOptions o, RowPlan plan, Trace trace, Scope scope, Palette palette) {
        int legendH = o.legend() ? legend(plan, trace, scope, palette).measure() + Theme.LEGEND_GAP : 0;
        int avail = budget - plotTop - legendH - Theme.MARGIN;
        if (avail < 20) {
            throw new RenderException("height " + budget + " leaves no room for the rows: the title, ruler and legend"
                    + " take " + (budget - avail) + " pixels (give a larger --height, or use --no-legend)");
        }
        return avail;
    }

    private static double scaleFor(RowPlan plan, int avail, boolean fill) {
        double natural = plan.naturalHeight();
        if (natural <= 0) {
            return 1;
        }
        double s = avail / natural;
        return fill ? Math.min(s, MAX_SCALE) : Math.min(s, 1);
    }

    private static int labelWidth(RowPlan plan, int width) {
        double w = 96; // room for the ruler's corner text ("220.1 s shown")
        for (RowPlan.Spec s : plan.specs) {
            w = Math.max(w, s.depth() * Theme.INDENT + Theme.textWidth(Theme.LABEL, s.label()) + 16);
        }
        return (int) Math.ceil(Math.min(w, width * 0.28));
    }

    private LegendPainter legend(RowPlan plan, Trace trace, Scope scope, Palette palette) {
        boolean[] present = new boolean[trace.types().size()];
        for (RowPlan.Spec s : plan.specs) {
            List<Container> cs = s.members() == null ? List.of(s.container()) : List.of();
            for (Container c : cs) {
                for (Type t : trace.types()) {
                    present[t.id()] |= t.kind() != TypeKind.LINK && c.table(t) != null;
                }
            }
            s.laneTypes().forEach(t -> present[t.id()] = true);
        }
        List<Type> types = new ArrayList<>();
        for (Type t : trace.types()) {
            boolean link = t.kind() == TypeKind.LINK && trace.containers().stream().anyMatch(c -> c.table(t) != null);
            if (scope.drawn(t) && (present[t.id()] || link) && !palette.hidden(t)) {
                types.add(t);
            }
        }
        return new LegendPainter(types, palette, Theme.MARGIN, width - Theme.MARGIN, plan.anyAggregated());
    }

    int plotWidth() {
        return grid.width();
    }
}
