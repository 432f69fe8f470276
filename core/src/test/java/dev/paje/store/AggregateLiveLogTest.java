package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link AggregateLive}'s log: the pieces and steps the simulating thread logs, added by another thread in batches, give
 * the very bits of the same calls added at once (same order), widths grown and accumulators dropped alike.
 */
class AggregateLiveLogTest {
    @Test
    void batchedOnAnotherThreadEqualsAddedAtOnceBitForBit() {
        for (int batch : new int[] {1, 7, 1000, AggregateLive.BATCH}) {
            AggregateLive now = new AggregateLive(1L << 30, 0);
            AggregateLive later = new AggregateLive(1L << 30, batch);
            List<AggregateLive.Acc> a = new ArrayList<>();
            List<AggregateLive.Acc> b = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                a.add(now.new Acc());
                b.add(later.new Acc());
            }
            Random r = new Random(batch);
            double t = 0;
            for (int i = 0; i < 200_000; i++) {
                int k = r.nextInt(6);
                double from = t;
                t += r.nextDouble() * (i < 100_000 ? 1e-6 : 1e-2); // the widths grow as time passes
                double to = t + r.nextDouble() * 1e-3;
                if (i == 150_000) { // one given up on the way
                    a.get(5).drop();
                    b.get(5).drop();
                } else if (k % 2 == 0) {
                    int v = r.nextInt(4);
                    a.get(k).piece(v, from, to);
                    b.get(k).piece(v, from, to);
                } else {
                    double y = r.nextGaussian();
                    a.get(k).step(from, to, y);
                    b.get(k).step(from, to, y);
                }
            }
            now.finish(t);
            later.finish(t);
            for (int k = 0; k < 6; k++) {
                AggregateLive.Acc x = a.get(k);
                AggregateLive.Acc y = b.get(k);
                assertThat(y.dropped).as("acc %d dropped, batch %d", k, batch).isEqualTo(x.dropped);
                assertThat(y.width).as("acc %d width, batch %d", k, batch).isEqualTo(x.width);
                if (x.dropped) {
                    continue;
                }
                assertThat(y.sums.length).isEqualTo(x.sums.length);
                for (int v = 0; v < x.sums.length; v++) {
                    assertThat(y.sums[v] == null).isEqualTo(x.sums[v] == null);
                    if (x.sums[v] != null) {
                        for (int j = 0; j < AggregateLive.BUCKETS; j++) {
                            assertThat(Double.doubleToRawLongBits(y.sums[v][j])).as("acc %d value %d bucket %d", k, v, j)
                                    .isEqualTo(Double.doubleToRawLongBits(x.sums[v][j]));
                        }
                    }
                }
            }
            assertThat(a.get(0).sums[0]).as("something was added").isNotNull();
            assertThat(a.get(5).dropped).isTrue();
        }
    }
}
