package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link AggregateBuild#levelRows}'s one pass against the rows counted level by level, halving occupancy flags. */
class AggregateBuildLevelsTest {
    /** The reference: occupancy flags per level, each coarser level a bucket occupied when one of its halves is. */
    private static List<Long> byHalving(double[][] occupancy, int n) {
        List<Long> count = new ArrayList<>();
        boolean[][] occ = new boolean[occupancy.length][n];
        long c0 = 0;
        for (int v = 0; v < occupancy.length; v++) {
            for (int i = 0; i < n; i++) {
                occ[v][i] = occupancy[v] != null && occupancy[v][i] > 0;
                c0 += occ[v][i] ? 1 : 0;
            }
        }
        count.add(c0);
        for (int m = n; m > 1; ) {
            int half = (m + 1) / 2;
            long c = 0;
            for (boolean[] o : occ) {
                for (int i = 0; i < half; i++) {
                    o[i] = o[2 * i] || (2 * i + 1 < m && o[2 * i + 1]);
                    c += o[i] ? 1 : 0;
                }
            }
            count.add(c);
            m = half;
        }
        return count;
    }

    @Test
    void countsEqualHalvingOnSeededRandomOccupancy() {
        Random r = new Random(20261127);
        for (int round = 0; round < 300; round++) {
            int n = round < 20 ? round + 1 : 1 + r.nextInt(round % 10 == 0 ? 70_000 : 3_000);
            double[][] occupancy = new double[1 + r.nextInt(5)][];
            double density = r.nextDouble();
            for (int v = 0; v < occupancy.length; v++) {
                if (r.nextInt(6) == 0) {
                    continue; // a value with no time: no row
                }
                occupancy[v] = new double[n];
                for (int i = 0; i < n; i++) { // empty (0), occupied, or runs of either
                    occupancy[v][i] = r.nextDouble() < density ? r.nextDouble() * 10 + Double.MIN_VALUE : 0;
                }
            }
            long[] got = AggregateBuild.levelRows(occupancy, n);
            List<Long> want = byHalving(occupancy, n);
            assertThat(got).as("n=%d, %d values", n, occupancy.length)
                    .containsExactly(want.stream().mapToLong(Long::longValue).toArray());
        }
    }

    @Test
    void oneBucketAndNoneOccupied() {
        assertThat(AggregateBuild.levelRows(new double[][] {{3.0}}, 1)).containsExactly(1);
        assertThat(AggregateBuild.levelRows(new double[][] {{0.0, 0.0, 0.0}, null}, 3)).containsExactly(0, 0, 0);
        // a NaN sum is not time there (as emit skips it)
        assertThat(AggregateBuild.levelRows(new double[][] {{Double.NaN, 1.0, 0.0, 2.0, 0.0}}, 5)).containsExactly(2, 2, 1, 1);
    }
}
