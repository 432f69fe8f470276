package dev.paje.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.store.Pyramid;
import dev.paje.store.VariableTable;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A variable's range read from its summary is the range of its rows. */
class VariableRangeTest {
    @Test
    void theSummarysRangeIsTheRowsRange() {
        Random random = new Random(11);
        int summarized = 0;
        for (int i = 0; i < 40; i++) {
            double end = SummaryGrids.START + 1 + random.nextDouble() * 1000;
            VariableTable t = VariableSummarySamplingTest.table(random, 5_000 + random.nextInt(40_000), end);
            double[] scanned = scan(t);
            assertThat(t.range()).as("no summary").containsExactly(scanned);
            if (t.summarize(SummaryGrids.START, end, Pyramid.MIN_PER_BUCKET) != null) {
                summarized++;
                assertThat(t.range()).as("table %s", i).containsExactly(scanned);
            }
        }
        assertThat(summarized).isGreaterThan(30);
    }

    private static double[] scan(VariableTable t) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < t.size(); i++) {
            min = Math.min(min, t.value(i));
            max = Math.max(max, t.value(i));
        }
        return new double[] {min, max};
    }
}
