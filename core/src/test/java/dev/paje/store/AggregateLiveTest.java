package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.CachePolicy;
import dev.paje.SyntheticTrace;
import dev.paje.TraceLoader;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The aggregates' coarse levels accumulated while the trace is written ({@link AggregateLive}) against the same
 * levels built from the rows at seal ({@code -Dpaje.aggregates.live=false}): the same levels, widths and occupied
 * buckets, sums equal within float rounding (they are added in another order); and a reopened store answers with the
 * very same bits as the first load.
 */
class AggregateLiveTest {
    @TempDir
    Path dir;

    @Test
    void liveCoarseLevelsEqualTheRowsAndReopenBitForBit() throws IOException {
        // machine > processes > threads: the processes' aggregates come from the live accumulators, the machine's not
        Path trace = SyntheticTrace.write(dir.resolve("t.trace"), 4, 6, 4000, 5);
        TraceLoader.Loaded rows;
        System.setProperty("paje.aggregates.live", "false");
        try {
            rows = TraceLoader.builder().summaries(true).cache(new CachePolicy(true, 0, dir.resolve("rows"))).build()
                    .load(trace);
        } finally {
            System.clearProperty("paje.aggregates.live");
        }
        TraceLoader.Loaded live = TraceLoader.builder().summaries(true)
                .cache(new CachePolicy(true, 0, dir.resolve("live"))).build().load(trace);
        int compared = 0;
        int fromLive = 0;
        try (Trace a = live.trace(); Trace b = rows.trace()) {
            for (Container c : a.containers()) {
                for (Type t : a.types()) {
                    AggregateSummary x = c.aggregate(t);
                    AggregateSummary y = b.containers().get(c.id()).aggregate(b.types().get(t.id()));
                    String what = c.name() + " " + t.name();
                    assertThat(x == null).as(what).isEqualTo(y == null);
                    if (x == null) {
                        continue;
                    }
                    assertThat(x.levels()).as(what).isEqualTo(y.levels());
                    for (int k = 0; k < x.levels(); k++) {
                        assertThat(x.width(k)).as(what).isEqualTo(y.width(k));
                        sameLevel(x, y, k, what + " level " + k);
                    }
                    compared++;
                    AggregateSummary early = c.coarseAggregate(t);
                    if (early != null) { // the final aggregate's coarse levels are the ones published early
                        fromLive++;
                        for (int k = 0; k < early.levels(); k++) {
                            assertThat(early.levels[k]).as(what).isSameAs(x.levels[x.levels() - early.levels() + k]);
                        }
                    }
                }
            }
            assertThat(compared).isGreaterThanOrEqualTo(8);
            assertThat(fromLive).as("aggregates of containers whose members are their children").isGreaterThan(4);
            TraceLoader.Loaded reopened = TraceLoader.builder().summaries(true)
                    .cache(new CachePolicy(true, 0, dir.resolve("live"))).build().load(trace);
            assertThat(reopened.fromCache()).isTrue();
            try (Trace r = reopened.trace()) {
                for (Container c : a.containers()) {
                    for (Type t : a.types()) {
                        AggregateSummary x = c.aggregate(t);
                        AggregateSummary z = r.containers().get(c.id()).aggregate(r.types().get(t.id()));
                        if (x != null) {
                            for (int k = 0; k < x.levels(); k++) {
                                assertThat(bits(z, k)).as("reopened %s %s level %d", c.name(), t.name(), k)
                                        .isEqualTo(bits(x, k));
                            }
                        }
                    }
                }
            }
        }
    }

    private static long[] bits(AggregateSummary a, int k) {
        int stride = AggregateSummary.stride(a.kind());
        long[] out = new long[a.entries(k) * stride];
        long[] buf = new long[EntityTable.BLOCK_ROWS * stride];
        for (int i = 0; i < a.entries(k); ) {
            int m = a.copyEntries(k, i, a.entries(k) - i, buf);
            System.arraycopy(buf, 0, out, i * stride, m * stride);
            i += m;
        }
        return out;
    }

    private static void sameLevel(AggregateSummary x, AggregateSummary y, int k, String what) {
        long[] a = bits(x, k);
        long[] b = bits(y, k);
        int stride = AggregateSummary.stride(x.kind());
        assertThat(a.length).as(what + ": rows").isEqualTo(b.length);
        for (int j = 0; j < a.length; j += stride) {
            assertThat(a[j]).as(what + ": bucket (and value) of row " + j / stride).isEqualTo(b[j]);
            for (int f = 1; f < stride; f++) {
                double u = Double.longBitsToDouble(a[j + f]);
                double v = Double.longBitsToDouble(b[j + f]);
                assertThat(u).as(what + ": field " + f + " of row " + j / stride)
                        .isCloseTo(v, org.assertj.core.data.Offset.offset(1e-9 * Math.max(1, Math.abs(v))));
            }
        }
    }
}
