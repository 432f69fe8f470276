package dev.paje.query;

import dev.paje.store.EntityTable;
import dev.paje.store.StateSummary;
import dev.paje.store.StateTable;
import java.util.Arrays;

/**
 * What a view draws of one state table at one zoom: states at least one pixel long as items,
 * the shorter ones as cells, the share of each value in a pixel's time per nesting level.
 * Nothing is dropped. One sampler per view; {@link #sample} refills it for each table.
 *
 * <p>States of one level never overlap and come in start order, so each level fills its pixels
 * left to right: one open cell per level is enough, with no map and no sort.
 *
 * <p>Zoomed out (a pixel at least one bucket of the table's {@link StateSummary} wide, and the
 * summary cheaper than the rows), the states come from the summary instead: its long list gives
 * the items and the states between a bucket and a pixel long exactly; the buckets give the time of
 * the shorter ones. Where pixel edges fall on bucket edges the cells are the rows' within float
 * rounding; elsewhere a bucket straddling a pixel edge is split between the pixels in proportion
 * to its overlap, so at most one bucket's worth of time moves across each pixel edge (and across
 * the window's edges). Values present with no time exactly at the window's edges may differ.
 */
public final class StateSampler extends PixelSampler<StateSampler> {
    private final double traceEnd;

    /** Exact states: store row, start, end (open ends at the trace's end), value, level. */
    public final IntColumn itemRow = new IntColumn();
    public final DoubleColumn itemStart = new DoubleColumn();
    public final DoubleColumn itemEnd = new DoubleColumn();
    public final IntColumn itemValue = new IntColumn();
    public final IntColumn itemLevel = new IntColumn();

    /** Summary cells: pixel, level, and their values {@code [cellFirst, cellFirst + cellCount)} in the share columns. */
    public final IntColumn cellPx = new IntColumn();
    public final IntColumn cellLevel = new IntColumn();
    public final IntColumn cellFirst = new IntColumn();
    public final IntColumn cellCount = new IntColumn();
    /** Per value in a cell: the value and its share of the pixel's time (0 for instants, at most 1 in all). */
    public final IntColumn shareValue = new IntColumn();
    public final DoubleColumn share = new DoubleColumn();

    /** After {@link #dominant()}: runs of pixels with the same dominant value (first pixel, length, value). */
    public final IntColumn runPx = new IntColumn();
    public final IntColumn runLength = new IntColumn();
    public final IntColumn runValue = new IntColumn();

    private int[] openPx = new int[8];
    private double[] bestShare = new double[0];
    private int[] bestValue = new int[0];
    private int[] bestLevel = new int[0];
    private int[][] openValues = new int[8][];
    private double[][] openTimes = new double[8][];
    private int[] openCount = new int[8];
    private int maxLevel;
    // cells from a summary come in no pixel order: (pixel, level, value, time) pieces, grouped at the end
    private int pieces;
    private int[] piecePx = new int[64];
    private int[] pieceLevel = new int[64];
    private int[] pieceValue = new int[64];
    private double[] pieceTime = new double[64];
    private int[] order = new int[64];
    private int[] groupStart = new int[0];
    private int[] slot = new int[64];
    /** Pixels open while buckets stream in ({@link #streamBuckets}): a ring, pixel p in slot p % RING. */
    private static final int RING = 4;
    private final OpenCells[] ring = {new OpenCells(), new OpenCells(), new OpenCells(), new OpenCells()};
    private final OpenCells lone = new OpenCells();
    private final double[] bucketParts = new double[RING - 1];
    private int openLo;
    private int openHi;
    /** The next long piece (in {@code order}) not in a cell yet. */
    private int nextLong;
    /** Summary bucket rows are copied here a block's worth at a time. */
    private static final int ENTRY_ROWS = 256;
    private final long[] entryBuffer = new long[ENTRY_ROWS * StateSummary.BUCKET_STRIDE];
    /** The rows of a zoom finer than the summary's levels, copied here a block at a time ({@link Window#stateRows}). */
    private final long[] rowBuffer = new long[EntityTable.BLOCK_ROWS * StateTable.STRIDE];

    /** Whether zoomed-out cells are made as buckets come ({@link #streamBuckets}); false: the pieces path (tests compare). */
    private boolean streaming = true;

    StateSampler streaming(boolean on) {
        streaming = on;
        return this;
    }

    public StateSampler(PixelGrid grid, double traceEnd) {
        super(grid);
        this.traceEnd = traceEnd;
    }

    /** Replaces the sampler's content by the states of {@code t} in the grid's window. */
    public StateSampler sample(StateTable t) {
        clear();
        StateSummary summary = summaries ? t.summary() : null;
        lastLevel = summary == null || !(grid.pixel() > 0) ? -1 : summary.levelFor(grid.pixel(), traceEnd, t.size());
        if (lastLevel >= 0) {
            return sampleSummary(summary, lastLevel);
        }
        Window.stateRows(t, grid.start(), grid.end(), rowBuffer, (row, s, e, value, level) -> {
            if (Double.isNaN(e)) {
                e = traceEnd;
            }
            if (grid.exact(e - s)) {
                itemRow.add(row);
                itemStart.add(s);
                itemEnd.add(e);
                itemValue.add(value);
                itemLevel.add(level);
            } else {
                accumulate(Math.max(s, grid.start()), Math.min(e, grid.end()), Math.max(0, level), value);
            }
        });
        for (int level = 0; level <= maxLevel; level++) {
            flush(level);
        }
        return this;
    }

    private StateSampler sampleSummary(StateSummary s, int k) {
        double ws = grid.start();
        double we = grid.end();
        pieces = 0;
        // the long list: items, and the states between a bucket and a pixel long, exactly as from the rows
        int n = s.longCount(k);
        int from = s.firstLong(k, ws);
        while (from > 0) {
            from--;
            if (s.longLevel(k, from) <= 0) {
                break;
            }
        }
        for (int i = from; i < n; i++) {
            double a = s.longStart(k, i);
            if (a > we) {
                break;
            }
            double e = s.longEnd(k, i);
            if (e < ws) {
                continue;
            }
            int level = s.longLevel(k, i);
            int value = s.longValue(k, i);
            if (grid.exact(e - a)) {
                itemRow.add(s.longRow(k, i));
                itemStart.add(a);
                itemEnd.add(e);
                itemValue.add(value);
                itemLevel.add(level);
            } else {
                split(Math.max(a, ws), Math.min(e, we), Math.max(0, level), value, Into.PIECES);
            }
        }
        // the buckets: time of the shorter states, split between pixels by overlap
        double w = s.width(k);
        double scale = grid.width() / (we - ws);
        double bucketPx = w * scale;
        int[] in = s.entriesIn(k, ws, we);
        s.readAhead(k, in[0], in[1]); // the window's bucket rows, in stretches of blocks: not a read per block
        if (streaming && bucketPx <= 1.5) {
            streamBuckets(s, k, in, scale, bucketPx); // the level picked for a pixel: at most a pixel wide
        } else {
            bucketPieces(s, k, in, scale, bucketPx);
            group();
        }
        return this;
    }

    /** The bucket rows {@code [in[0], in[1])} of level {@code k}, each in the pixels it overlaps, as pieces. */
    private void bucketPieces(StateSummary s, int k, int[] in, double scale, double bucketPx) {
        double w = s.width(k);
        double origin = s.origin();
        long[] buf = entryBuffer;
        for (int i = in[0]; i < in[1]; ) {
            int m = s.copyEntries(k, i, Math.min(in[1] - i, ENTRY_ROWS), buf); // a block at a time, not a field
            i += m;
            for (int j = 0, end = m * StateSummary.BUCKET_STRIDE; j < end; j += StateSummary.BUCKET_STRIDE) {
                long b = buf[j];
                double xa = grid.position(origin + b * w); // as Pyramid.bucketStart
                double xb = grid.position(origin + (b + 1) * w);
                if (!(xb > xa)) {
                    continue; // touches the window at one edge only
                }
                long levelValue = buf[j + 1];
                int level = (int) (levelValue >>> 32);
                int value = (int) levelValue;
                double time = Double.longBitsToDouble(buf[j + 2]) * scale / bucketPx;
                int p0 = grid.pixelAt(xa);
                int p1 = grid.pixelAt(xb);
                if (time == 0 || p0 == p1) {
                    piece(p0, level, value, time * (xb - xa));
                    continue;
                }
                for (int p = p0; p <= p1; p++) {
                    double part = Math.min(xb, p + 1) - Math.max(xa, p);
                    if (part > 0) {
                        piece(p, level, value, time * part);
                    }
                }
            }
        }
    }

    /**
     * The same cells as {@link #bucketPieces} then {@link #group}, made as the buckets come: buckets come in time
     * order, each at most a pixel and a half wide, so a pixel left of the current bucket's first gets no more
     * time and is written out, and at most three pixels are open at once. The long list's pieces (already made)
     * come first in their cells, as in {@link #group}; the order of values in a cell and of the additions is the
     * same, so the same doubles. Grouping ~30 k pieces per table in a counting sort was half of a whole-trace
     * answer's time on 10 GB.
     */
    private void streamBuckets(StateSummary s, int k, int[] in, double scale, double bucketPx) {
        if (pieces > 0) {
            sortPieces();
        }
        nextLong = 0;
        openLo = 0;
        openHi = -1;
        double w = s.width(k);
        double origin = s.origin();
        long[] buf = entryBuffer;
        long bucket = Long.MIN_VALUE; // the bucket of the rows before: its pixels and their parts, made once
        double xa = 0;
        double xb = 0;
        int p0 = 0;
        int p1 = 0;
        double[] parts = bucketParts;
        for (int i = in[0]; i < in[1]; ) {
            int m = s.copyEntries(k, i, Math.min(in[1] - i, ENTRY_ROWS), buf);
            i += m;
            for (int j = 0, end = m * StateSummary.BUCKET_STRIDE; j < end; j += StateSummary.BUCKET_STRIDE) {
                long b = buf[j];
                if (b != bucket) {
                    bucket = b;
                    xa = grid.position(origin + b * w);
                    xb = grid.position(origin + (b + 1) * w);
                    p0 = grid.pixelAt(xa);
                    p1 = grid.pixelAt(xb);
                    if (p1 - p0 >= parts.length) {
                        throw new IllegalStateException("a bucket over pixels " + p0 + ".." + p1);
                    }
                    for (int p = p0; p <= p1; p++) {
                        parts[p - p0] = Math.min(xb, p + 1) - Math.max(xa, p);
                    }
                    if (xb > xa) {
                        while (openLo <= openHi && openLo < p0) {
                            emit(ring[openLo++ & (RING - 1)]);
                        }
                    }
                }
                if (!(xb > xa)) {
                    continue; // touches the window at one edge only
                }
                long levelValue = buf[j + 1];
                int level = (int) (levelValue >>> 32);
                int value = (int) levelValue;
                double time = Double.longBitsToDouble(buf[j + 2]) * scale / bucketPx;
                if (time == 0 || p0 == p1) {
                    cellsAt(p0).add(level, value, time * (xb - xa));
                    continue;
                }
                for (int p = p0; p <= p1; p++) {
                    double part = parts[p - p0];
                    if (part > 0) {
                        cellsAt(p).add(level, value, time * part);
                    }
                }
            }
        }
        while (openLo <= openHi) {
            emit(ring[openLo++ & (RING - 1)]);
        }
        longCellsBefore(Integer.MAX_VALUE);
    }

    /** The open cells of pixel {@code p}, opened (with its long pieces) when it is the next one. */
    private OpenCells cellsAt(int p) {
        if (p <= openHi) {
            return ring[p & (RING - 1)];
        }
        if (openLo > openHi) {
            longCellsBefore(p);
            openLo = p;
        } else if (p != openHi + 1 || p - openLo >= RING) {
            throw new IllegalStateException("pixel " + p + " after open pixels " + openLo + ".." + openHi);
        }
        openHi = p;
        OpenCells c = ring[p & (RING - 1)];
        c.reset(p);
        for (; nextLong < pieces && piecePx[order[nextLong]] == p; nextLong++) {
            int q = order[nextLong];
            c.add(pieceLevel[q], pieceValue[q], pieceTime[q]);
        }
        return c;
    }

    /** Writes the cells of the long pieces' pixels before {@code p} that no bucket touches. */
    private void longCellsBefore(int p) {
        while (nextLong < pieces && piecePx[order[nextLong]] < p) {
            int px = piecePx[order[nextLong]];
            lone.reset(px);
            for (; nextLong < pieces && piecePx[order[nextLong]] == px; nextLong++) {
                int q = order[nextLong];
                lone.add(pieceLevel[q], pieceValue[q], pieceTime[q]);
            }
            emit(lone);
        }
    }

    /** Writes a pixel's cells, by nesting level, each value's share clamped to [0, 1]. */
    private void emit(OpenCells c) {
        for (int level = 0; level < c.levels; level++) {
            int n = c.count[level];
            if (n == 0) {
                continue;
            }
            cellPx.add(c.px);
            cellLevel.add(level);
            cellFirst.add(shareValue.size());
            cellCount.add(n);
            int[] values = c.values[level];
            double[] times = c.times[level];
            for (int i = 0; i < n; i++) {
                shareValue.add(values[i]);
                share.add(Math.min(1, Math.max(0, times[i])));
            }
            maxLevel = Math.max(maxLevel, level);
        }
    }

    /** One pixel's cells while buckets stream in: per nesting level, values in order of arrival and their time. */
    private static final class OpenCells {
        int px;
        int levels;
        int[][] values = new int[1][];
        double[][] times = new double[1][];
        int[] count = new int[1];
        /** Where a value was last put, plus one (checked: levels share it, and older pixels' entries stay). */
        int[] slot = new int[64];

        void reset(int px) {
            this.px = px;
            java.util.Arrays.fill(count, 0, levels, 0);
            levels = 0;
        }

        void add(int level, int value, double time) {
            if (level >= levels) {
                if (level >= count.length) {
                    int size = Math.max(level + 1, count.length * 2);
                    values = Arrays.copyOf(values, size);
                    times = Arrays.copyOf(times, size);
                    count = Arrays.copyOf(count, size);
                }
                Arrays.fill(count, levels, level + 1, 0);
                levels = level + 1;
            }
            int[] v = values[level];
            int n = count[level];
            int at = -1;
            if (value >= 0 && value < slot.length) {
                int q = slot[value] - 1;
                if (q >= 0 && q < n && v[q] == value) {
                    at = q;
                }
            }
            if (at < 0) {
                for (int q = 0; q < n; q++) {
                    if (v[q] == value) {
                        at = q;
                        break;
                    }
                }
            }
            if (at >= 0) {
                times[level][at] += time;
            } else {
                append(values, times, level, n, value, time);
                count[level] = n + 1;
                at = n;
            }
            if (value >= 0) {
                if (value >= slot.length) {
                    slot = Arrays.copyOf(slot, Math.max(value + 1, slot.length * 2));
                }
                slot[value] = at + 1;
            }
        }
    }

    /**
     * Where each value is in the share columns, plus one (0: nowhere): a cell finds its values at once instead of
     * searching the cell (zoomed out, a thread's cell holds dozens of function values). Only slots at or past the
     * cell's first entry are this cell's; older ones are left, never cleared.
     */
    private int slotOf(int value) {
        if (value >= slot.length) {
            slot = Arrays.copyOf(slot, Math.max(value + 1, slot.length * 2));
        }
        int q = slot[value] - 1;
        return q >= 0 && q < shareValue.size() && shareValue.get(q) == value ? q + 1 : 0;
    }

    /** Where {@code value} is among the share columns from {@code first} on, or -1. */
    private int search(int first, int value) {
        for (int q = first; q < shareValue.size(); q++) {
            if (shareValue.get(q) == value) {
                return q;
            }
        }
        return -1;
    }

    private void piece(int px, int level, int value, double time) {
        if (pieces == piecePx.length) {
            int size = pieces * 2;
            piecePx = Arrays.copyOf(piecePx, size);
            pieceLevel = Arrays.copyOf(pieceLevel, size);
            pieceValue = Arrays.copyOf(pieceValue, size);
            pieceTime = Arrays.copyOf(pieceTime, size);
        }
        piecePx[pieces] = px;
        pieceLevel[pieces] = level;
        pieceValue[pieces] = value;
        pieceTime[pieces] = time;
        pieces++;
        maxLevel = Math.max(maxLevel, level);
    }

    /** Pieces to cells, by pixel then level (a counting sort, stable: values in order of appearance). */
    private void group() {
        if (pieces == 0) {
            return;
        }
        int levels = maxLevel + 1;
        int groups = sortPieces();
        // groupStart[g] is now the end of group g
        int at = 0;
        for (int g = 0; g < groups; g++) {
            int end = groupStart[g];
            if (end == at) {
                continue;
            }
            int first = shareValue.size();
            for (int j = at; j < end; j++) {
                int i = order[j];
                int value = pieceValue[i];
                int found = value >= 0 ? slotOf(value) - 1 : search(first, value);
                if (found < first) { // not in this cell yet (a slot of an earlier cell is stale)
                    if (value >= 0) {
                        slot[value] = shareValue.size() + 1;
                    }
                    shareValue.add(value);
                    share.add(pieceTime[i]);
                } else {
                    share.set(found, share.get(found) + pieceTime[i]);
                }
            }
            for (int q = first; q < shareValue.size(); q++) {
                share.set(q, Math.min(1, Math.max(0, share.get(q))));
            }
            cellPx.add(g / levels);
            cellLevel.add(g % levels);
            cellFirst.add(first);
            cellCount.add(shareValue.size() - first);
            at = end;
        }
    }

    /**
     * Orders the pieces by pixel then level into {@code order} (a counting sort, stable); returns the number of
     * groups (pixel, level), {@code groupStart[g]} then the end of group g.
     */
    private int sortPieces() {
        int levels = Math.max(0, maxLevel) + 1;
        long groupsLong = (long) grid.width() * levels;
        if (groupsLong > Integer.MAX_VALUE - 1) {
            throw new IllegalStateException("too many nesting levels: " + levels);
        }
        int groups = (int) groupsLong;
        if (groupStart.length < groups + 1) {
            groupStart = new int[groups + 1];
        } else {
            Arrays.fill(groupStart, 0, groups + 1, 0);
        }
        for (int i = 0; i < pieces; i++) {
            groupStart[piecePx[i] * levels + pieceLevel[i] + 1]++;
        }
        for (int g = 0; g < groups; g++) {
            groupStart[g + 1] += groupStart[g];
        }
        if (order.length < pieces) {
            order = new int[piecePx.length];
        }
        for (int i = 0; i < pieces; i++) {
            order[groupStart[piecePx[i] * levels + pieceLevel[i]]++] = i;
        }
        return groups; // groupStart[g] is now the end of group g
    }

    /**
     * Reduces everything to one value per pixel, the one with the largest share of it at any nesting
     * level (exact states included; the deeper level wins a tie), as runs: what a row too thin to show
     * shares, nesting or labels can draw, at a fraction of the bytes.
     */
    public StateSampler dominant() {
        runPx.clear();
        runLength.clear();
        runValue.clear();
        int w = grid.width();
        if (bestShare.length < w) {
            bestShare = new double[w];
            bestValue = new int[w];
            bestLevel = new int[w];
        }
        java.util.Arrays.fill(bestShare, 0, w, -1);
        for (int c = 0; c < cellPx.size(); c++) {
            for (int k = cellFirst.get(c), end = k + cellCount.get(c); k < end; k++) {
                offer(cellPx.get(c), share.get(k), cellLevel.get(c), shareValue.get(k));
            }
        }
        for (int i = 0; i < itemRow.size(); i++) {
            double xa = grid.position(itemStart.get(i));
            double xb = grid.position(itemEnd.get(i));
            for (int p = grid.pixelAt(xa), last = grid.pixelAt(xb); p <= last; p++) {
                double part = Math.min(xb, p + 1) - Math.max(xa, p);
                if (part > 0 || xb == xa) {
                    offer(p, part, itemLevel.get(i), itemValue.get(i));
                }
            }
        }
        for (int px = 0; px < w; px++) {
            if (bestShare[px] < 0) {
                continue;
            }
            int last = runPx.size() - 1;
            if (last >= 0 && runValue.get(last) == bestValue[px] && runPx.get(last) + runLength.get(last) == px) {
                runLength.set(last, runLength.get(last) + 1);
            } else {
                runPx.add(px);
                runLength.add(1);
                runValue.add(bestValue[px]);
            }
        }
        return this;
    }

    private void offer(int px, double part, int level, int value) {
        if (part > bestShare[px] || (part == bestShare[px] && level > bestLevel[px])) {
            bestShare[px] = part;
            bestValue[px] = value;
            bestLevel[px] = level;
        }
    }

    public int itemCount() {
        return itemRow.size();
    }

    public int cellCount() {
        return cellPx.size();
    }

    private void clear() {
        for (IntColumn c : new IntColumn[] {itemRow, itemValue, itemLevel, cellPx, cellLevel, cellFirst, cellCount, shareValue}) {
            c.clear();
        }
        itemStart.clear();
        itemEnd.clear();
        share.clear();
        Arrays.fill(openPx, -1);
        Arrays.fill(openCount, 0);
        maxLevel = -1;
    }

    /** Adds the part of each pixel {@code [a, b]} covers, in pixel units: multiplications only, no division per state. */
    private void accumulate(double a, double b, int level, int value) {
        if (level >= openPx.length) {
            grow(level + 1);
        }
        maxLevel = Math.max(maxLevel, level);
        split(a, b, level, value, Into.CELLS);
    }

    /**
     * Where {@link #split} puts the parts of a state: pieces (a summary's states come out of pixel
     * order: grouped at the end), or the open cells (rows come in pixel order).
     */
    private enum Into { PIECES, CELLS }

    /** The part of each pixel {@code [a, b]} covers, in pixel units, {@code into} pieces or cells. */
    private void split(double a, double b, int level, int value, Into into) {
        double xa = grid.position(a);
        double xb = grid.position(b);
        int first = grid.pixelAt(xa);
        int end = grid.pixelAt(xb);
        if (first == end) {
            emit(first, level, value, xb - xa, into); // 0 for an instant: present, with no time
            return;
        }
        for (int p = first; p <= end; p++) {
            double part = Math.min(xb, p + 1) - Math.max(xa, p);
            if (part > 0 || p == first) { // a state ending on a pixel's edge does not touch that pixel
                emit(p, level, value, part, into);
            }
        }
    }

    private void emit(int px, int level, int value, double time, Into into) {
        switch (into) {
            case PIECES -> piece(px, level, value, time);
            case CELLS -> add(level, px, value, time);
        }
    }

    private void add(int level, int px, int value, double time) {
        if (px != openPx[level]) {
            flush(level);
            openPx[level] = px;
        }
        int n = openCount[level];
        int[] values = openValues[level];
        for (int i = 0; i < n; i++) {
            if (values[i] == value) {
                openTimes[level][i] += time;
                return;
            }
        }
        append(openValues, openTimes, level, n, value, time);
        openCount[level] = n + 1;
    }

    /** Puts {@code value} and {@code time} at place {@code n} of a level's lists, grown by doubling when full. */
    private static void append(int[][] values, double[][] times, int level, int n, int value, double time) {
        int[] v = values[level];
        if (v == null || n == v.length) {
            int size = v == null ? 4 : n * 2;
            values[level] = v = v == null ? new int[size] : Arrays.copyOf(v, size);
            times[level] = times[level] == null ? new double[size] : Arrays.copyOf(times[level], size);
        }
        v[n] = value;
        times[level][n] = time;
    }

    private void flush(int level) {
        int n = openCount[level];
        if (n == 0) {
            return;
        }
        cellPx.add(openPx[level]);
        cellLevel.add(level);
        cellFirst.add(shareValue.size());
        cellCount.add(n);
        for (int i = 0; i < n; i++) {
            shareValue.add(openValues[level][i]);
            share.add(Math.min(1, Math.max(0, openTimes[level][i])));
        }
        openCount[level] = 0;
    }

    private void grow(int levels) {
        int old = openPx.length;
        int size = Math.max(levels, old * 2);
        openPx = Arrays.copyOf(openPx, size);
        Arrays.fill(openPx, old, size, -1);
        openValues = Arrays.copyOf(openValues, size);
        openTimes = Arrays.copyOf(openTimes, size);
        openCount = Arrays.copyOf(openCount, size);
    }
}
