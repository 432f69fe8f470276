package dev.paje.causal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.paje.store.Trace;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Drift estimation and removal on traces with known offsets and drifts, and on traces with none. */
class DriftEstimateTest {
    private static final double[] RATES = {50e-6, -30e-6, 0, 20e-6, -10e-6};

    private static int proc(Trace trace, int p) {
        return CausalTraces.named(trace, "proc" + p).id();
    }

    private static String rewrite(String text, ClockFix fix) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new ClockRewriter(fix, false, "test.trace").rewrite(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void recoversInjectedRatesWithinAFractionOfAPpm() throws IOException {
        for (long seed = 1; seed <= 8; seed++) {
            DriftedTraces g = new DriftedTraces(seed, 2, 5, 400, false, RATES, 0.5, 1e-4, 1e-4, 1000);
            Trace trace = CausalTraces.load(g.text);
            DriftEstimate est = DriftEstimate.of(trace, ClockGroups.perContainer(trace));
            for (int p = 1; p < g.processes; p++) {
                double got = est.rate(proc(trace, p)) - est.rate(proc(trace, 0));
                assertThat(got).as("seed %d proc%d", seed, p).isCloseTo(g.rate[p] - g.rate[0], within(0.5e-6));
            }
        }
    }

    @Test
    void fixWithDriftIsConsistentKeepsOrderAndLeavesOnlySmallOffsets() throws IOException {
        for (long seed = 1; seed <= 8; seed++) {
            DriftedTraces g = new DriftedTraces(seed, 2, 5, 400, false, RATES, 0.5, 1e-4, 1e-4, 1000);
            Trace trace = CausalTraces.load(g.text);
            ClockGroups groups = ClockGroups.perContainer(trace);
            assertThat(ClockShifts.solve(ClockConstraints.of(trace, groups, 0)).feasible())
                    .as("seed %d: shifts alone cannot fix a drift", seed).isFalse();
            DriftEstimate est = DriftEstimate.of(trace, groups);
            ClockFix fix = ClockShifts.solve(ClockConstraints.of(trace, groups, 1e-5, est.map()));
            assertThat(fix.feasible()).as("seed %d", seed).isTrue();
            String fixed = rewrite(g.text, fix);
            Trace again = CausalTraces.load(fixed); // fails on any problem
            assertThat(Tachyons.find(again)).as("seed %d", seed).isEmpty();
            assertOrderKept(g.text, fixed);
            // once corrected, all clocks run at the reference clock's rate: rho faster than true time
            double rho = 0;
            for (int p = 0; p < g.processes; p++) {
                rho += (g.rate[p] - est.rate(proc(trace, p))) / g.processes;
            }
            for (int p = 0; p < g.processes; p++) {
                int c = proc(trace, p);
                double lo = Double.POSITIVE_INFINITY;
                double hi = Double.NEGATIVE_INFINITY;
                for (double[] m : g.truth) {
                    for (int end = 0; end < 2; end++) {
                        if ((int) m[end] == p) {
                            double err = fix.map().apply(c, g.t(m[2 + end], p)) - (1 + rho) * m[2 + end];
                            lo = Math.min(lo, err);
                            hi = Math.max(hi, err);
                        }
                    }
                }
                assertThat(hi - lo).as("seed %d proc%d: spread of the corrected clock", seed, p).isLessThan(1e-3);
            }
        }
    }

    @Test
    void perMachineDriftIsSharedByItsProcesses() throws IOException {
        DriftedTraces g = new DriftedTraces(3, 3, 9, 600, true, new double[] {40e-6, -25e-6, 5e-6}, 0.2, 1e-4, 1e-4, 500);
        Trace trace = CausalTraces.load(g.text);
        ClockGroups groups = ClockGroups.perType(trace, CausalTraces.named(trace, "machine0").type());
        DriftEstimate est = DriftEstimate.of(trace, groups);
        for (int p = 0; p < g.processes; p++) {
            double got = est.rate(proc(trace, p)) - est.rate(proc(trace, 0));
            assertThat(got).as("proc%d", p).isCloseTo(g.rate[p] - g.rate[0], within(0.5e-6));
        }
        ClockFix fix = ClockShifts.solve(ClockConstraints.of(trace, groups, 0, est.map()));
        assertThat(fix.feasible()).isTrue();
        String fixed = rewrite(g.text, fix);
        assertThat(Tachyons.find(CausalTraces.load(fixed))).isEmpty();
        assertOrderKept(g.text, fixed);
    }

    @Test
    void offsetsWithoutDriftGiveRateZero() throws IOException {
        for (long seed = 1; seed <= 8; seed++) {
            DriftedTraces g = new DriftedTraces(seed, 2, 5, 400, false, new double[] {0}, 0.5, 1e-3, 1e-2, 1000);
            Trace trace = CausalTraces.load(g.text);
            DriftEstimate est = DriftEstimate.of(trace, ClockGroups.perContainer(trace));
            for (int c = 0; c < trace.containers().size(); c++) {
                assertThat(est.rate(c)).as("seed %d", seed).isZero();
            }
            assertThat(est.pairs()).anyMatch(DriftEstimate.Pair::used);
        }
    }

    @Test
    void tooFewMessagesOrOneWayGiveRateZero() throws IOException {
        Trace skew = CausalTraces.resource("skew.trace");
        DriftEstimate est = DriftEstimate.of(skew, ClockGroups.perContainer(skew));
        for (int c = 0; c < skew.containers().size(); c++) {
            assertThat(est.rate(c)).isZero();
        }
        assertThat(est.pairs()).noneMatch(DriftEstimate.Pair::used);
    }

    @Test
    void ratesOutsideMinusOneToOneAreRefused() {
        assertThatThrownBy(() -> ClockMap.drift(0, new double[] {0, 1})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("(-1, 1)");
        ClockMap m = ClockMap.drift(10, new double[] {0, 1e-4});
        assertThat(m.dedrift(0, 12.25)).isEqualTo(12.25);
        assertThat(m.dedrift(1, 10)).isEqualTo(10);
        assertThat(m.dedrift(1, 1010)).isCloseTo(1009.9, within(1e-9));
    }

    @Test
    void corpusTracesHaveNoDriftAndComeOutByteIdentical() throws IOException {
        int checked = CausalTraces.eachCorpusTrace(t -> {
            ClockGroups groups = ClockGroups.perContainer(t.trace());
            DriftEstimate est = DriftEstimate.of(t.trace(), groups);
            assertThat(est.map().drifts()).as("%s", t.file()).isFalse();
            ClockFix fix = ClockShifts.solve(ClockConstraints.of(t.trace(), groups, 0, est.map()));
            assertThat(fix.feasible()).as("%s", t.file()).isTrue();
            CausalTraces.assertRewrittenIdentical(fix, t);
        });
        assertThat(checked).isGreaterThan(10);
    }

    /** Within each container (a line's clock), times sorted before are still sorted after. */
    private static void assertOrderKept(String before, String after) {
        java.util.Map<String, java.util.List<double[]>> times = new java.util.HashMap<>();
        CausalTraces.eachTimedLine(before, after, (i, fb, fa, container) -> times
                .computeIfAbsent(container, k -> new java.util.ArrayList<>())
                .add(new double[] {Double.parseDouble(fb[1]), Double.parseDouble(fa[1])}));
        for (var e : times.entrySet()) {
            java.util.List<double[]> l = e.getValue();
            l.sort(java.util.Comparator.comparingDouble((double[] x) -> x[0]).thenComparingDouble(x -> x[1]));
            for (int i = 1; i < l.size(); i++) {
                assertThat(l.get(i)[1]).as("container %s", e.getKey()).isGreaterThanOrEqualTo(l.get(i - 1)[1]);
            }
        }
    }
}
