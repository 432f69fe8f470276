package dev.paje.query;

import static org.assertj.core.api.Assertions.assertThat;

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

    /** Its summary over {@code [START, end]}. */
    interface Summarizer<T> {
        Pyramid summarize(T table, double end);
    }

    /** Its sampling at {@code grid}, from the summary when {@code summaries} allows it, else from the rows. */
    interface Sampling<T, S> {
        S sample(PixelGrid grid, double end, T table, boolean summaries);
    }

    /** One kind of table and sampler, and the summary level the sampler read (-1: the rows). */
    record Kind<T, S>(Maker<T> maker, Summarizer<T> summarizer, Sampling<T, S> sampling, ToIntFunction<S> level) {
    }

    /** A test's comparison at one window of a table over {@code [START, end]}; false when the sampler read the rows (the summary was not used). */
    interface Comparison<T, S> {
        boolean check(T table, Pyramid summary, double end, PixelGrid grid, S fromSummary, S fromRows);
    }

    /** A window finer than the finest bucket reads the rows; the whole table on 100 pixels reads a summary. */
    static <T, S> void zoomedInReadsTheRows(Kind<T, S> kind) {
        T t = kind.maker().table(new Random(3), 50_000, 1000);
        Pyramid s = kind.summarizer().summarize(t, 1000);
        S in = kind.sampling().sample(new PixelGrid(500, 500 + s.width(0) / 2, 1000), 1000, t, true);
        assertThat(kind.level().applyAsInt(in)).isEqualTo(-1);
        S out = kind.sampling().sample(new PixelGrid(START, 1000, 100), 1000, t, true);
        assertThat(kind.level().applyAsInt(out)).isGreaterThanOrEqualTo(0);
    }

    /**
     * Compares sampling from the summary and from the rows over 6 random tables and 40 windows each (aligned on the
     * summary's buckets or not), until {@code most} windows used the summary; returns how many did.
     */
    static <T, S> int compare(Random random, Kind<T, S> kind, boolean onBuckets, int most, Comparison<T, S> check) {
        int used = 0;
        for (int round = 0; round < 6; round++) {
            double end = START + 100 + random.nextInt(1000);
            T t = kind.maker().table(random, 40_000 + random.nextInt(40_000), end);
            Pyramid s = kind.summarizer().summarize(t, end);
            assertThat(s).isNotNull();
            for (int q = 0; q < 40; q++) {
                PixelGrid grid = onBuckets ? aligned(random, s, START, end) : unaligned(random, START, end);
                S fromSummary = kind.sampling().sample(grid, end, t, true);
                S fromRows = kind.sampling().sample(grid, end, t, false);
                if (check.check(t, s, end, grid, fromSummary, fromRows) && ++used >= most) {
                    return used;
                }
            }
        }
        return used;
    }
}
