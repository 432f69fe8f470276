package dev.paje.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.store.EventSummary;
import dev.paje.store.EventTable;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Counting events from their summary gives the counts of the rows. */
class EventSummarySamplingTest {
    private static final double START = 3.0;

    /** Random events over {@code [START, end]}, in bursts and quiet spells. */
    static EventTable table(Random random, int events, double end) {
        EventTable t = new EventTable();
        double now = START;
        double mean = (end - START) / events;
        while (now < end) {
            t.add(now, random.nextInt(5));
            now += random.nextInt(50) == 0 ? random.nextDouble() * 100 * mean : random.nextDouble() * mean;
        }
        return t;
    }

    static int[] counts(PointSampler s) {
        int[] out = new int[s.grid().width()];
        for (int i = 0; i < s.countPx.size(); i++) {
            out[s.countPx.get(i)] = s.count.get(i);
        }
        return out;
    }

    @Test
    void alignedWindowsGiveTheRowsCounts() {
        Random random = new Random(42);
        int used = 0;
        for (int round = 0; round < 6; round++) {
            double end = START + 100 + random.nextInt(1000);
            EventTable t = table(random, 40_000 + random.nextInt(40_000), end);
            EventSummary s = t.summarize(START, end, 8);
            assertThat(s).isNotNull();
            for (int q = 0; q < 40; q++) {
                PixelGrid grid = SummaryGrids.aligned(random, s, START, end);
                PointSampler fromSummary = new PointSampler(grid).sample(t);
                PointSampler fromRows = new PointSampler(grid).summaries(false).sample(t);
                assertThat(fromSummary.counted()).isEqualTo(fromRows.counted());
                assertThat(fromSummary.rows.size()).isEqualTo(fromRows.rows.size());
                if (fromSummary.summaryLevel() < 0) {
                    continue; // the rows were cheaper, or few enough to draw
                }
                used++;
                assertThat(counts(fromSummary)).as("pixel %s, window %s", grid.pixel(), grid.start()).isEqualTo(counts(fromRows));
            }
        }
        assertThat(used).isGreaterThan(50);
    }

    @Test
    void unalignedWindowsMoveAtMostABucketAcrossEachPixelEdge() {
        Random random = new Random(7);
        int used = 0;
        for (int round = 0; round < 6; round++) {
            double end = START + 100 + random.nextInt(1000);
            EventTable t = table(random, 40_000 + random.nextInt(40_000), end);
            EventSummary s = t.summarize(START, end, 8);
            for (int q = 0; q < 40; q++) {
                PixelGrid grid = SummaryGrids.unaligned(random, START, end);
                double ws = grid.start();
                PointSampler fromSummary = new PointSampler(grid).sample(t);
                PointSampler fromRows = new PointSampler(grid).summaries(false).sample(t);
                int k = fromSummary.summaryLevel();
                if (k < 0) {
                    continue;
                }
                used++;
                assertThat(fromRows.counted()).isTrue();
                // the counts up to each pixel edge differ by at most the events of the buckets around it
                int[] a = counts(fromSummary);
                int[] b = counts(fromRows);
                assertThat(java.util.Arrays.stream(a).sum()).isEqualTo(java.util.Arrays.stream(b).sum());
                long sumA = 0;
                long sumB = 0;
                for (int p = 0; p < a.length; p++) {
                    sumA += a[p];
                    sumB += b[p];
                    double edge = ws + (p + 1) * grid.pixel();
                    long near = between(t, edge - s.width(k), edge + s.width(k));
                    assertThat(Math.abs(sumA - sumB)).as("up to pixel %d", p).isLessThanOrEqualTo(near + 1);
                }
            }
        }
        assertThat(used).isGreaterThan(20);
    }

    private static long between(EventTable t, double a, double b) {
        return Window.countEvents(t, a, b);
    }

    @Test
    void sparseWindowsListTheEvents() {
        Random random = new Random(3);
        EventTable t = table(random, 50_000, 1000);
        t.summarize(START, 1000, 8);
        PointSampler few = new PointSampler(new PixelGrid(500, 500.5, 1000)).sample(t);
        assertThat(few.counted()).isFalse();
        assertThat(few.summaryLevel()).isEqualTo(-1);
        PointSampler many = new PointSampler(new PixelGrid(START, 1000, 100)).sample(t);
        assertThat(many.counted()).isTrue();
        assertThat(many.summaryLevel()).isGreaterThanOrEqualTo(0);
        int total = 0;
        for (int i = 0; i < many.count.size(); i++) {
            total += many.count.get(i);
        }
        assertThat(total).isEqualTo(t.size());
    }
}
