package dev.paje.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.store.Pyramid;
import dev.paje.store.StateTable;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Zoomed out, the state sampler makes its cells as the summary's buckets stream in; that must give exactly
 * (bit for bit, in the same order) what grouping the pieces gives, which the answers' bytes depend on.
 */
class StateStreamingTest {
    private static final double START = SummaryGrids.START;

    @Test
    void streamedCellsAreThePiecesCellsBitForBit() {
        Random random = new Random(13);
        int compared = 0;
        for (int table = 0; table < 8; table++) {
            double end = START + 100 + random.nextInt(1000);
            StateTable t = table % 2 == 0 ? StateSummarySamplingTest.table(random, 40_000 + random.nextInt(40_000), end)
                    : manyValues(random, 30_000, end);
            Pyramid s = t.summarize(START, end, 8);
            assertThat(s).isNotNull();
            for (int w = 0; w < 60; w++) {
                PixelGrid grid = w % 2 == 0 ? SummaryGrids.aligned(random, s, START, end)
                        : SummaryGrids.unaligned(random, START, end);
                StateSampler streamed = new StateSampler(grid, end).sample(t);
                StateSampler grouped = new StateSampler(grid, end).streaming(false).sample(t);
                assertThat(streamed.summaryLevel()).isEqualTo(grouped.summaryLevel());
                if (streamed.summaryLevel() < 0) {
                    continue;
                }
                compared++;
                String where = "table " + table + " window " + w + " " + grid.start() + ".." + grid.end() + " x " + grid.width();
                assertThat(StateSummarySamplingTest.items(streamed)).as(where).isEqualTo(StateSummarySamplingTest.items(grouped));
                assertThat(ints(streamed.cellPx)).as(where).isEqualTo(ints(grouped.cellPx));
                assertThat(ints(streamed.cellLevel)).as(where).isEqualTo(ints(grouped.cellLevel));
                assertThat(ints(streamed.cellFirst)).as(where).isEqualTo(ints(grouped.cellFirst));
                assertThat(ints(streamed.cellCount)).as(where).isEqualTo(ints(grouped.cellCount));
                assertThat(ints(streamed.shareValue)).as(where).isEqualTo(ints(grouped.shareValue));
                assertThat(bits(streamed.share)).as(where).isEqualTo(bits(grouped.share));
            }
        }
        assertThat(compared).isGreaterThan(150);
    }

    /** Nested states of up to 14 values per level (28 pairs: every level is built), some long: cells of many values, values at two levels. */
    private static StateTable manyValues(Random random, int states, double end) {
        StateTable t = new StateTable();
        double now = START;
        double step = (end - START) / states;
        while (now < end - 4 * step) {
            double top = Math.min(end, now + random.nextDouble() * step * (random.nextInt(100) == 0 ? 500 : 3));
            int row = t.open(now, random.nextInt(14), 0);
            if (random.nextBoolean()) {
                double a = now + (top - now) * random.nextDouble() / 2;
                int inner = t.open(a, random.nextInt(14), 1);
                t.close(inner, random.nextInt(10) == 0 ? a : a + (top - a) * random.nextDouble());
            }
            t.close(row, top);
            now = top + random.nextDouble() * step;
        }
        return t;
    }

    private static long[] ints(IntColumn c) {
        long[] out = new long[c.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = c.get(i);
        }
        return out;
    }

    private static long[] bits(DoubleColumn c) {
        long[] out = new long[c.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = Double.doubleToRawLongBits(c.get(i));
        }
        return out;
    }
}
