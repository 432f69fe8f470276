package dev.paje.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.store.VariableTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Sampling a variable from its summary gives the items and cells of sampling its rows. */
class VariableSummarySamplingTest {
    private static final double START = SummaryGrids.START;
    private static final SummaryGrids.Kind<VariableTable, VariableSampler> VARIABLES = new SummaryGrids.Kind<>(
            VariableSummarySamplingTest::table, (grid, end, t, summaries) -> new VariableSampler(grid, end).summaries(summaries).sample(t),
            VariableSampler::summaryLevel);

    /** A random step function over {@code [START, end]}: mostly short steps, a few long ones, some gaps. */
    static VariableTable table(Random random, int steps, double end) {
        VariableTable t = new VariableTable();
        double now = START;
        double mean = (end - START) / steps;
        double value = 0;
        while (now < end) {
            value += random.nextGaussian() * 10 + 0.1;
            t.step(now, random.nextInt(10) == 0 ? Math.round(value) : value);
            double length = random.nextDouble() * 1.8 * mean;
            if (random.nextInt(300) == 0) {
                length *= 2000;
            }
            now += length;
            if (random.nextInt(200) == 0 && now < end) {
                t.close(now); // a gap with no step
                now += random.nextDouble() * 50 * mean;
            }
        }
        return t;
    }

    record Cell(double min, double max, double last) {
    }

    static Map<Integer, Cell> cells(VariableSampler s) {
        Map<Integer, Cell> out = new HashMap<>();
        for (int i = 0; i < s.cellPx.size(); i++) {
            out.put(s.cellPx.get(i), new Cell(s.cellMin.get(i), s.cellMax.get(i), s.cellLast.get(i)));
        }
        assertThat(out).hasSize(s.cellPx.size());
        return out;
    }

    static List<String> items(VariableSampler s) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < s.itemRow.size(); i++) {
            out.add(s.itemRow.get(i) + " " + s.itemStart.get(i) + " " + s.itemEnd.get(i) + " " + s.itemValue.get(i));
        }
        return out;
    }

    @Test
    void alignedWindowsGiveTheRowsCells() {
        int used = SummaryGrids.compare(new Random(42), VARIABLES, true, Integer.MAX_VALUE, (t, s, fromSummary, fromRows) -> {
            assertThat(s.levels()).isGreaterThan(3);
            assertThat(fromRows.summaryLevel()).isEqualTo(-1);
        }, (t, s, k, end, grid, fromSummary, fromRows) -> {
            assertThat(items(fromSummary)).isEqualTo(items(fromRows));
            assertThat(cells(fromSummary)).as("pixel %s, window %s", grid.pixel(), grid.start()).isEqualTo(cells(fromRows));
        });
        assertThat(used).isGreaterThan(50);
    }

    @Test
    void unalignedWindowsWidenCellsByAtMostABucket() {
        // each check reads every row: 31 windows that use the summary are enough
        int used = SummaryGrids.compare(new Random(7), VARIABLES, false, 31, (t, s, k, end, grid, fromSummary, fromRows) -> {
            double ws = grid.start();
            assertThat(items(fromSummary)).isEqualTo(items(fromRows));
            // each pixel's cell is that of the rows over the pixel widened by one bucket each side
            double w = s.width(k);
            Map<Integer, Cell> a = cells(fromSummary);
            Map<Integer, Cell> b = cells(fromRows);
            assertThat(a.keySet()).containsAll(b.keySet());
            for (Map.Entry<Integer, Cell> e : a.entrySet()) {
                int px = e.getKey();
                double from = ws + px * grid.pixel() - w;
                double to = ws + (px + 1) * grid.pixel() + w;
                double lo = Double.POSITIVE_INFINITY;
                double hi = Double.NEGATIVE_INFINITY;
                List<Double> values = new ArrayList<>();
                for (int r = 0; r < t.size(); r++) {
                    double re = Double.isNaN(t.end(r)) ? end : t.end(r);
                    if (t.start(r) <= to && re >= from && re - t.start(r) < grid.pixel()) {
                        lo = Math.min(lo, t.value(r));
                        hi = Math.max(hi, t.value(r));
                        values.add(t.value(r));
                    }
                }
                Cell c = e.getValue();
                assertThat(c.min()).isGreaterThanOrEqualTo(lo);
                assertThat(c.max()).isLessThanOrEqualTo(hi);
                assertThat(values).contains(c.last());
                Cell exact = b.get(px);
                if (exact != null) {
                    assertThat(c.min()).isLessThanOrEqualTo(exact.min());
                    assertThat(c.max()).isGreaterThanOrEqualTo(exact.max());
                }
            }
        });
        assertThat(used).isGreaterThan(20);
    }

    @Test
    void zoomedInWindowsReadTheRows() {
        SummaryGrids.zoomedInReadsTheRows(VARIABLES);
    }

    @Test
    void stepsOutOfOrderGetNoSummary() {
        VariableTable t = new VariableTable();
        Random random = new Random(5);
        double now = START;
        for (int i = 0; i < 20_000; i++) {
            t.step(now, random.nextDouble());
            now += random.nextDouble() * 0.01;
        }
        t.step(START + 1, 1); // back in time
        t.close(now);
        assertThat(t.summarize(START, now, 8)).isNull();
    }
}
