package dev.paje.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.store.EntityTable;
import dev.paje.store.Pyramid;
import java.util.Random;
import java.util.function.ToIntFunction;

/** Random windows for comparing summary-based sampling with row-based sampling, and the loop that compares them. */
final class SummaryGrids {
    /** Where the random tables start. */
    static final double START = 3.0;

    private SummaryGrids() {
    }

    /** A window whose pixels are 1 to 8 buckets of a random level of {@code s}, on bucket edges, within {@code [start, end]}. */
    static PixelGrid aligned(Random random, Pyramid s, double start, double end) {
        int k = random.nextInt(s.levels());
        double pixel = s.width(k) * (1 << random.nextInt(4));
        int width = 1 + random.nextInt(1500);
        long first = (long) Math.floor((end - start) / pixel * random.nextDouble());
        double ws = start + first * pixel;
        return new PixelGrid(ws, ws + width * pixel, width);
    }

    /** Any window around {@code [start, end]}, 1 to 1500 pixels wide. */
    static PixelGrid unaligned(Random random, double start, double end) {
        double ws = start - 1 + random.nextDouble() * (end - start);
        double we = ws + random.nextDouble() * (end + 1 - ws);
        return new PixelGrid(ws, we, 1 + random.nextInt(1500));
    }

    /** A random table of {@code rows} rows over {@code [START, end]}. */
    interface Maker<T> {
        T table(Random random, int rows, double end);
    }

    /** Its sampling at {@code grid}, from the summary when {@code summaries} allows it, else from the rows. */
    interface Sampling<T, S> {
        S sample(PixelGrid grid, double end, T table, boolean summaries);
    }

    /** One kind of table and sampler, and the summary level the sampler read (-1: the rows). */
    record Kind<T extends EntityTable, S>(Maker<T> maker, Sampling<T, S> sampling, ToIntFunction<S> level) {
        /** The table's summary over {@code [START, end]}, 8 rows per bucket. */
        Pyramid summarize(T table, double end) {
            return table.summarize(START, end, 8);
        }
    }

    /** A test's check at every window, whichever the sampler read. */
    interface EveryWindow<T, S> {
        void check(T table, Pyramid summary, S fromSummary, S fromRows);
    }

    /** A test's comparison at a window of a table over {@code [START, end]} where the sampler read level {@code k} of the summary. */
    interface Comparison<T, S> {
        void check(T table, Pyramid summary, int k, double end, PixelGrid grid, S fromSummary, S fromRows);
    }

    /** A window finer than the finest bucket reads the rows; the whole table on 100 pixels reads a summary. */
    static <T extends EntityTable, S> void zoomedInReadsTheRows(Kind<T, S> kind) {
        T t = kind.maker().table(new Random(3), 50_000, 1000);
        Pyramid s = kind.summarize(t, 1000);
        S in = kind.sampling().sample(new PixelGrid(500, 500 + s.width(0) / 2, 1000), 1000, t, true);
        assertThat(kind.level().applyAsInt(in)).isEqualTo(-1);
        S out = kind.sampling().sample(new PixelGrid(START, 1000, 100), 1000, t, true);
        assertThat(kind.level().applyAsInt(out)).isGreaterThanOrEqualTo(0);
    }

    /** {@link #compare(Random, Kind, boolean, int, EveryWindow, Comparison)} with no check at windows read from the rows. */
    static <T extends EntityTable, S> int compare(Random random, Kind<T, S> kind, boolean onBuckets, int most,
            Comparison<T, S> check) {
        return compare(random, kind, onBuckets, most, (t, s, fromSummary, fromRows) -> { }, check);
    }

    /**
     * Compares sampling from the summary and from the rows over 6 random tables and 40 windows each (aligned on the
     * summary's buckets or not): {@code every} at each window, {@code check} where the sampler read the summary
     * (not the rows), until {@code most} windows did; returns how many did.
     */
    static <T extends EntityTable, S> int compare(Random random, Kind<T, S> kind, boolean onBuckets, int most,
            EveryWindow<T, S> every, Comparison<T, S> check) {
        int used = 0;
        for (int round = 0; round < 6; round++) {
            double end = START + 100 + random.nextInt(1000);
            T t = kind.maker().table(random, 40_000 + random.nextInt(40_000), end);
            Pyramid s = kind.summarize(t, end);
            assertThat(s).isNotNull();
            for (int q = 0; q < 40; q++) {
                PixelGrid grid = onBuckets ? aligned(random, s, START, end) : unaligned(random, START, end);
                S fromSummary = kind.sampling().sample(grid, end, t, true);
                S fromRows = kind.sampling().sample(grid, end, t, false);
                every.check(t, s, fromSummary, fromRows);
                int k = kind.level().applyAsInt(fromSummary);
                if (k < 0) {
                    continue; // the rows were cheaper, or few enough to draw
                }
                check.check(t, s, k, end, grid, fromSummary, fromRows);
                if (++used >= most) {
                    return used;
                }
            }
        }
        return used;
    }
}
