package dev.paje.render;

import dev.paje.store.Type;
import java.awt.Graphics2D;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Stacked value shares, one pixel column at a time (the viewer's summary cells, and aggregated
 * rows): each value gets a band as tall as its share, values in a fixed order, band edges on whole
 * pixels; a band continuing at the same height in the next column extends the same rectangle, so a
 * steady mix costs a few rectangles rather than one per pixel.
 */
final class Stacks {
    private final Palette palette;
    private final Type type;
    private final RectBatch batch = new RectBatch();
    private final Hatch hatch;
    private final Map<Integer, int[]> open = new HashMap<>(); // value -> {x0, x1, y0, y1}
    private int[] order = new int[8];
    private int cells;
    private final Hatch.Run run;

    /** {@code hatch} receives the covered part of each column, or null for no hatching. */
    Stacks(Palette palette, Type type, Hatch hatch) {
        this.palette = palette;
        this.type = type;
        this.hatch = hatch;
        this.run = hatch == null ? null : hatch.run();
    }

    /**
     * Column {@code x} of the band {@code [y, y + h)}: values {@code values[from..from+n)} with shares
     * (of the column, summing to at most 1) {@code shares[from..from+n)}.
     */
    void column(int x, int y, int h, int[] values, double[] shares, int from, int n) {
        if (order.length < n) {
            order = new int[Math.max(n, order.length * 2)];
        }
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        sortByValue(values, from, n);
        double cum = 0;
        int prevY = y;
        for (int k = 0; k < n; k++) {
            int i = from + order[k];
            if (palette.hidden(type, values[i])) {
                continue; // as the viewer: the values shown stack up without a gap
            }
            cum += shares[i];
            int nextY = y + (int) Math.round(Math.min(1, cum) * h);
            if (nextY > prevY) {
                band(values[i], x, prevY, nextY);
            }
            prevY = nextY;
        }
        if (hatch != null) {
            run.add(x, y, 1, prevY - y);
        }
        cells++;
    }

    private void sortByValue(int[] values, int from, int n) {
        for (int a = 1; a < n; a++) { // cells hold a few values: insertion sort, no boxing
            int o = order[a];
            int b = a - 1;
            while (b >= 0 && values[from + order[b]] > values[from + o]) {
                order[b + 1] = order[b];
                b--;
            }
            order[b + 1] = o;
        }
    }

    private void band(int value, int x, int ya, int yb) {
        int[] r = open.get(value);
        if (r != null && r[1] == x && r[2] == ya && r[3] == yb) {
            r[1] = x + 1;
            return;
        }
        if (r != null) {
            emit(value, r);
            r[0] = x;
            r[1] = x + 1;
            r[2] = ya;
            r[3] = yb;
        } else {
            open.put(value, new int[] {x, x + 1, ya, yb});
        }
    }

    private void emit(int value, int[] r) {
        batch.add(r[0], r[2], r[1] - r[0], r[3] - r[2], palette.value(type, value));
    }

    /** Columns stacked so far. */
    int cells() {
        return cells;
    }

    /** Draws everything stacked so far and starts afresh. */
    void flush(Graphics2D g) {
        if (run != null) {
            run.end();
        }
        open.forEach(this::emit);
        open.clear();
        batch.flush(g);
        Arrays.fill(order, 0);
    }
}
