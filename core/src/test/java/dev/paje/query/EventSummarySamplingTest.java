package dev.paje.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.store.EventTable;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Counting events from their summary gives the counts of the rows. */
class EventSummarySamplingTest {
    private static final double START = SummaryGrids.START;
    private static final SummaryGrids.Kind<EventTable, PointSampler> EVENTS = new SummaryGrids.Kind<>(
            EventSummarySamplingTest::table, (grid, end, t, summaries) -> new PointSampler(grid).summaries(summaries).sample(t),
            PointSampler::summaryLevel);

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
        int used = SummaryGrids.compare(new Random(42), EVENTS, true, Integer.MAX_VALUE, (t, s, fromSummary, fromRows) -> {
            assertThat(fromSummary.counted()).isEqualTo(fromRows.counted());
            assertThat(fromSummary.rows.size()).isEqualTo(fromRows.rows.size());
        }, (t, s, k, end, grid, fromSummary, fromRows) ->
                assertThat(counts(fromSummary)).as("pixel %s, window %s", grid.pixel(), grid.start()).isEqualTo(counts(fromRows)));
        assertThat(used).isGreaterThan(50);
    }

    @Test
    void unalignedWindowsMoveAtMostABucketAcrossEachPixelEdge() {
        int used = SummaryGrids.compare(new Random(7), EVENTS, false, Integer.MAX_VALUE, (t, s, k, end, grid, fromSummary, fromRows) -> {
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
                double edge = grid.start() + (p + 1) * grid.pixel();
                long near = between(t, edge - s.width(k), edge + s.width(k));
                assertThat(Math.abs(sumA - sumB)).as("up to pixel %d", p).isLessThanOrEqualTo(near + 1);
            }
        });
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
