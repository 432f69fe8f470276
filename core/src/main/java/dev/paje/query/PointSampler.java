package dev.paje.query;

import dev.paje.store.EventSummary;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import java.util.Arrays;
import java.util.function.IntToDoubleFunction;

/**
 * What a view draws of events or links at one zoom: every row while they are sparse (at most two
 * per pixel on average), else a count per pixel (links counted at their start). All or nothing
 * per table, so a row is never both drawn and counted. One sampler per view, refilled per table.
 *
 * <p>Events zoomed out (a pixel at least one bucket of the table's {@link EventSummary} wide, the
 * summary cheaper than the rows, and the window holding too many events to draw) are counted from
 * the summary: a bucket's count goes to the pixel holding it, or, when it straddles pixel edges, is
 * shared in proportion to the overlap, rounded so that the counts of the pixels up to each one are
 * those of the proportional shares rounded. The buckets across the window's edges are counted in
 * the rows (searched among the rows the summary's counts place them in), so the total is the rows';
 * where pixel edges fall on bucket edges every count is.
 */
public final class PointSampler extends PixelSampler<PointSampler> {
    private final int limit;
    private int[] counts;
    private double[] shares;
    private boolean dense;
    private final long[] rowBuffer = new long[256 * EventTable.STRIDE];

    /** Rows drawn exactly (empty once counted). */
    public final IntColumn rows = new IntColumn();
    /** Counted pixels, left to right, and how many rows each holds. */
    public final IntColumn countPx = new IntColumn();
    public final IntColumn count = new IntColumn();

    public PointSampler(PixelGrid grid) {
        super(grid);
        this.limit = 2 * grid.width();
    }

    /** Replaces the content by the events of {@code t} in the window. */
    public PointSampler sample(EventTable t) {
        start();
        EventSummary summary = summaries ? t.summary() : null;
        lastLevel = summary == null || !(grid.pixel() > 0) ? -1 : summary.levelFor(grid.pixel(), summary.traceEnd(), t.size());
        if (lastLevel >= 0 && countSummary(t, summary, lastLevel)) {
            return finish();
        }
        lastLevel = -1;
        // many: counted whatever the order, straight into the counts, the rows a block at a time
        if (Window.countEvents(t, grid.start(), grid.end()) > limit) {
            if (counts == null) {
                counts = new int[grid.width()];
            }
            dense = true;
            Window.countPerPixel(t, grid, counts, rowBuffer);
            return finish();
        }
        IntToDoubleFunction time = t::time; // once, not a method reference per event
        Window.events(t, grid.start(), grid.end(), row -> add(row, time));
        return finish();
    }

    /**
     * Counts the window's events from level {@code k} of the summary, or returns false (counts left empty)
     * when the window holds no more than {@link #limit} of them: then they are drawn as rows.
     */
    private boolean countSummary(EventTable t, EventSummary s, int k) {
        int w = grid.width();
        if (counts == null) {
            counts = new int[w];
        }
        if (shares == null) {
            shares = new double[w];
        }
        double ws = grid.start();
        double we = grid.end();
        int[] in = s.entriesIn(k, ws, we);
        if (in[0] == in[1]) {
            return false; // no event in the window's buckets
        }
        s.readAhead(k, in[0], in[1]); // the window's bucket rows, in stretches of blocks: not a read per block
        // The rows are in time order (else no summary): a bucket's events are its count rows from where the
        // bucket before ends, a hint for the edge buckets' searches (checked: the same answers whatever it is).
        int first = Window.firstStartAfter(t.size(), ws, t::time, false); // the one search over the whole table
        int row = first;
        for (int i = in[0]; i < in[1]; i++) {
            long b = s.bucket(k, i);
            double a = s.bucketStart(k, b);
            double z = s.bucketStart(k, b + 1);
            double xa = grid.position(a);
            double xb = grid.position(z);
            long c = s.entryCount(k, i);
            double count = c;
            if (a < ws || z > we) {
                // a bucket across the window's edge: its events in the window, counted in the rows near its own
                int far = (int) Math.min(t.size(), row + c);
                int from = Window.firstEventAfter(t, Math.max(a, ws), false, row, far);
                row = Window.firstEventAfter(t, Math.min(z, we), z > we, from, far);
                count = row - from;
                if (!(xb > xa)) {
                    shares[w - 1] += count; // a bucket starting at the window's end: its events at that end
                    continue;
                }
            } else {
                row += c;
            }
            int p0 = Math.min(w - 1, (int) xa);
            int p1 = Math.min(w - 1, (int) xb);
            if (p0 == p1) {
                shares[p0] += count;
                continue;
            }
            for (int p = p0; p <= p1; p++) {
                double part = Math.min(xb, p + 1) - Math.max(xa, p);
                if (part > 0) {
                    shares[p] += count * part / (xb - xa);
                }
            }
        }
        if (Window.firstEventAfter(t, we, true, row, row) - first <= limit) {
            Arrays.fill(shares, 0);
            return false; // few enough to draw (the same test as the rows': the events in [start, end])
        }
        dense = true;
        double sum = 0;
        long before = 0;
        for (int p = 0; p < w; p++) {
            sum += shares[p];
            shares[p] = 0;
            long upTo = Math.round(sum);
            counts[p] = (int) (upTo - before);
            before = upTo;
        }
        return true;
    }

    /** Replaces the content by the complete links of {@code t} intersecting the window. */
    public PointSampler sample(LinkTable t) {
        start();
        IntToDoubleFunction start = t::start;
        Window.links(t, grid.start(), grid.end(), row -> add(row, start));
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
