package dev.paje.query;

import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import java.util.Arrays;
import java.util.function.IntToDoubleFunction;

/**
 * What a view draws of events or links at one zoom: every row while they are sparse (at most two
 * per pixel on average), else a count per pixel (links counted at their start). All or nothing
 * per table, so a row is never both drawn and counted. One sampler per view, refilled per table.
 */
public final class PointSampler {
    private final PixelGrid grid;
    private final int limit;
    private int[] counts;
    private boolean dense;

    /** Rows drawn exactly (empty once counted). */
    public final IntColumn rows = new IntColumn();
    /** Counted pixels, left to right, and how many rows each holds. */
    public final IntColumn countPx = new IntColumn();
    public final IntColumn count = new IntColumn();

    public PointSampler(PixelGrid grid) {
        this.grid = grid;
        this.limit = 2 * grid.width();
    }

    public PixelGrid grid() {
        return grid;
    }

    /** Replaces the content by the events of {@code t} in the window. */
    public PointSampler sample(EventTable t) {
        start();
        Window.events(t, grid.start(), grid.end(), row -> add(row, t::time));
        return finish();
    }

    /** Replaces the content by the complete links of {@code t} intersecting the window. */
    public PointSampler sample(LinkTable t) {
        start();
        Window.links(t, grid.start(), grid.end(), row -> add(row, t::start));
        return finish();
    }

    /** Whether the rows were too many and are counted per pixel. */
    public boolean counted() {
        return dense;
    }

    private void start() {
        rows.clear();
        countPx.clear();
        count.clear();
        if (dense) {
            Arrays.fill(counts, 0);
            dense = false;
        }
    }

    private void add(int row, IntToDoubleFunction time) {
        if (dense) {
            counts[grid.of(time.applyAsDouble(row))]++;
            return;
        }
        if (rows.size() < limit) {
            rows.add(row);
            return;
        }
        if (counts == null) {
            counts = new int[grid.width()];
        }
        dense = true;
        for (int i = 0; i < rows.size(); i++) {
            counts[grid.of(time.applyAsDouble(rows.get(i)))]++;
        }
        rows.clear();
        counts[grid.of(time.applyAsDouble(row))]++;
    }

    private PointSampler finish() {
        if (dense) {
            for (int p = 0; p < counts.length; p++) {
                if (counts[p] > 0) {
                    countPx.add(p);
                    count.add(counts[p]);
                }
            }
        }
        return this;
    }
}
