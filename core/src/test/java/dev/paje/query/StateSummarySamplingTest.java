package dev.paje.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.store.StateTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Sampling from a table's summary gives the cells and items of sampling its rows. */
class StateSummarySamplingTest {
    private static final double START = SummaryGrids.START;
    private static final SummaryGrids.Kind<StateTable, StateSampler> STATES = new SummaryGrids.Kind<>(
            StateSummarySamplingTest::table, (grid, end, t, summaries) -> new StateSampler(grid, end).summaries(summaries).sample(t),
            StateSampler::summaryLevel);

    /** Random nested states (levels 0..2, a few values, some instants) over {@code [START, end]}. */
    static StateTable table(Random random, int states, double end) {
        StateTable t = new StateTable();
        double now = START;
        double step = (end - START) / states * 1.5;
        while (now < end - step) {
            double top = now + random.nextDouble() * step * 4 * (random.nextInt(50) == 0 ? 40 : 1);
            top = Math.min(top, end);
            int row = t.open(now, random.nextInt(3), 0);
            double inner = now;
            while (inner < top && random.nextInt(3) > 0) {
                double a = inner + random.nextDouble() * (top - inner) / 3;
                double b = random.nextInt(20) == 0 ? a : a + random.nextDouble() * (top - a) / 2;
                int r1 = t.open(a, 3 + random.nextInt(4), 1);
                if (b > a && random.nextBoolean()) {
                    int r2 = t.open(a + (b - a) / 4, 7 + random.nextInt(2), 2);
                    t.close(r2, a + (b - a) / 2);
                }
                t.close(r1, b);
                inner = b;
            }
            t.close(row, top);
            now = top + (random.nextInt(4) == 0 ? random.nextDouble() * step : 0);
        }
        return t;
    }

    record Key(int px, int level, int value) {
    }

    static Map<Key, Double> cells(StateSampler s) {
        Map<Key, Double> out = new HashMap<>();
        for (int c = 0; c < s.cellCount(); c++) {
            for (int k = s.cellFirst.get(c), e = k + s.cellCount.get(c); k < e; k++) {
                out.merge(new Key(s.cellPx.get(c), s.cellLevel.get(c), s.shareValue.get(k)), s.share.get(k), Double::sum);
            }
        }
        return out;
    }

    static List<String> items(StateSampler s) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < s.itemCount(); i++) {
            out.add(s.itemRow.get(i) + " " + s.itemStart.get(i) + " " + s.itemEnd.get(i) + " " + s.itemValue.get(i)
                    + " " + s.itemLevel.get(i));
        }
        return out;
    }

    @Test
    void alignedWindowsGiveTheRowsCells() {
        int used = SummaryGrids.compare(new Random(42), STATES, true, Integer.MAX_VALUE,
                (t, s, fromSummary, fromRows) -> assertThat(s.levels()).isGreaterThan(3),
                (t, s, k, end, grid, fromSummary, fromRows) -> {
            assertThat(items(fromSummary)).isEqualTo(items(fromRows));
            Map<Key, Double> a = cells(fromSummary);
            Map<Key, Double> b = cells(fromRows);
            for (Key key : union(a, b)) {
                double x = a.getOrDefault(key, 0.0);
                double y = b.getOrDefault(key, 0.0);
                assertThat(x).as("%s, pixel %s, window %s", key, grid.pixel(), grid.start()).isCloseTo(y,
                        org.assertj.core.data.Offset.offset(1e-9));
                if (y > 1e-9) {
                    assertThat(a).containsKey(key);
                }
            }
            assertThat(fromSummary.dominant().runPx.size()).isPositive();
        });
        assertThat(used).isGreaterThan(50);
    }

    @Test
    void unalignedWindowsMoveAtMostABucketAcrossEachPixelEdge() {
        int used = SummaryGrids.compare(new Random(7), STATES, false, Integer.MAX_VALUE, (t, s, k, end, grid, fromSummary, fromRows) -> {
            assertThat(items(fromSummary)).isEqualTo(items(fromRows));
            double bucketPx = s.width(k) / grid.pixel();
            Map<Key, Double> a = cells(fromSummary);
            Map<Key, Double> b = cells(fromRows);
            Map<Key, Double> error = new HashMap<>(); // per pixel and level, over the values
            for (Key key : union(a, b)) {
                double d = Math.abs(a.getOrDefault(key, 0.0) - b.getOrDefault(key, 0.0));
                error.merge(new Key(key.px(), key.level(), 0), d, Double::sum);
            }
            for (Map.Entry<Key, Double> e : error.entrySet()) {
                assertThat(e.getValue()).as("%s, buckets of %s px", e.getKey(), bucketPx)
                        .isLessThanOrEqualTo(4 * bucketPx + 1e-9);
            }
        });
        assertThat(used).isGreaterThan(20);
    }

    @Test
    void zoomedInWindowsAndSmallTablesReadTheRows() {
        SummaryGrids.zoomedInReadsTheRows(STATES);
    }

    private static java.util.Set<Key> union(Map<Key, Double> a, Map<Key, Double> b) {
        java.util.Set<Key> keys = new java.util.HashSet<>(a.keySet());
        keys.addAll(b.keySet());
        return keys;
    }
}
