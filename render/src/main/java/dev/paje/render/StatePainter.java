package dev.paje.render;

import dev.paje.query.StateSampler;
import dev.paje.store.DisplayNames;
import dev.paje.store.Type;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;

/**
 * The states of one lane, as draw-lanes.js draws them: exact states (at least a pixel long) as
 * boxes, nested levels inset inside outer ones, a dark left edge and the value's name when there is
 * room; shorter states as stacked shares per pixel and level, hatched.
 */
final class StatePainter extends PlotPainter {
    private final Labels labels;
    private int[] byLevel = new int[64];
    private int[] cellValues = new int[8];
    private double[] cellShares = new double[8];

    StatePainter(Canvas c) {
        super(c);
        this.labels = new Labels(g);
    }

    /** Where nesting level {@code level} is drawn in a lane: {y, height}; the viewer's levelRect, scaled. */
    static int[] levelRect(Lane lane, int level) {
        double k = lane.height() / Theme.STATE_LANE;
        int pad = lane.height() >= 12 ? 1 : 0;
        int inner = lane.height() - 2 * pad;
        int minH = (int) Math.max(1, Math.round(4 * k));
        int inset = (int) Math.min(Math.round(level * Theme.LEVEL_INSET * k), Math.max(0, (inner - minH) / 2));
        return new int[] {lane.top() + pad + inset, Math.max(1, inner - 2 * inset)};
    }

    int x(double t) {
        return (int) Math.round(left + grid.position(t));
    }

    void paint(Lane lane, Type type, StateSampler s) {
        int n = s.itemCount();
        int maxLevel = 0;
        for (int i = 0; i < n; i++) {
            maxLevel = Math.max(maxLevel, Math.max(0, s.itemLevel.get(i)));
        }
        int[] order = sortByLevel(s, n, maxLevel);
        RectBatch fills = new RectBatch();
        RectBatch edges = new RectBatch();
        List<Labels.Label> texts = new ArrayList<>();
        int from = 0;
        for (int level = 0; level <= maxLevel; level++) {
            int[] lr = levelRect(lane, level);
            int px0 = 0;
            int px1 = 0;
            Color pc = null;
            int to = from + byLevel[level];
            for (int k = from; k < to; k++) {
                int i = order[k];
                if (palette.hidden(type, s.itemValue.get(i))) {
                    continue;
                }
                int x0 = x(s.itemStart.get(i));
                int x1 = Math.max(x(s.itemEnd.get(i)), x0 + 1);
                Color c = palette.value(type, s.itemValue.get(i));
                exact++;
                boolean wide = x1 - x0 >= 3;
                if (pc != null && (wide || c != pc || x0 > px1)) {
                    fills.add(px0, lr[0], px1 - px0, lr[1], pc); // the pending run of narrow states
                    pc = null;
                }
                if (pc == null) {
                    px0 = x0;
                    px1 = x1;
                    pc = c;
                } else {
                    px1 = Math.max(px1, x1);
                }
                if (wide) {
                    fills.add(px0, lr[0], px1 - px0, lr[1], pc);
                    pc = null;
                    edges.add(x0, lr[0], 1, lr[1], Theme.STATE_EDGE);
                    if (x1 - x0 > 36 && lr[1] >= 11) {
                        String name = DisplayNames.name(type.value(s.itemValue.get(i)).name());
                        texts.add(new Labels.Label(x0, lr[0], x1 - x0, lr[1], name, c));
                    }
                }
            }
            if (pc != null) {
                fills.add(px0, lr[0], px1 - px0, lr[1], pc);
            }
            fills.flush(g);
            edges.flush(g);
            labels.draw(texts);
            texts.clear();
            from = to;
        }
        summaries(lane, type, s);
    }

    /** Item indices grouped by nesting level (a counting sort), outer levels first. */
    private int[] sortByLevel(StateSampler s, int n, int maxLevel) {
        if (byLevel.length <= maxLevel + 1) {
            byLevel = new int[maxLevel + 2];
        }
        java.util.Arrays.fill(byLevel, 0, maxLevel + 2, 0);
        for (int i = 0; i < n; i++) {
            byLevel[Math.max(0, s.itemLevel.get(i)) + 1]++;
        }
        int[] start = new int[maxLevel + 2];
        for (int l = 1; l <= maxLevel + 1; l++) {
            start[l] = start[l - 1] + byLevel[l];
        }
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[start[Math.max(0, s.itemLevel.get(i))]++] = i;
        }
        for (int l = 0; l <= maxLevel; l++) {
            byLevel[l] = byLevel[l + 1];
        }
        return order;
    }

    private void summaries(Lane lane, Type type, StateSampler s) {
        List<Stacks> levels = new ArrayList<>();
        for (int i = 0, n = s.cellCount(); i < n; i++) {
            int level = Math.max(0, s.cellLevel.get(i));
            while (levels.size() <= level) {
                levels.add(new Stacks(palette, type, hatch));
            }
            int first = s.cellFirst.get(i);
            int count = s.cellCount.get(i);
            if (cellValues.length < count) {
                cellValues = new int[count * 2];
                cellShares = new double[count * 2];
            }
            for (int j = 0; j < count; j++) {
                cellValues[j] = s.shareValue.get(first + j);
                cellShares[j] = s.share.get(first + j);
            }
            int[] lr = levelRect(lane, level);
            levels.get(level).column(left + s.cellPx.get(i), lr[0], lr[1], cellValues, cellShares, 0, count);
            cells++;
        }
        for (Stacks st : levels) {
            st.flush(g);
        }
    }
}
