package dev.paje.causal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tachyons, the bounds between clocks and the least corrections, on traces with known offsets. */
class CausalClockShiftsTest {

    private static Type type(Trace trace, String name) {
        return trace.types().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void skewTraceTachyonsPairsAndCorrection() throws IOException {
        Trace trace = CausalTraces.resource("skew.trace");
        CausalityReport report = CausalityReport.of(trace, ClockGroups.perContainer(trace), 0);
        assertThat(report.links()).isEqualTo(4);
        assertThat(report.consistent()).isFalse();
        assertThat(report.tachyons()).extracting(Tachyon::key).containsExactly("k1", "k4");
        assertThat(report.tachyons()).extracting(Tachyon::offset).containsExactly(-0.5, -0.25);
        Tachyon k1 = report.tachyons().get(0);
        assertThat(k1.from().name()).isEqualTo("proc1");
        assertThat(k1.to().name()).isEqualTo("proc3");
        assertThat(k1.type().name()).isEqualTo("Link");
        int p1 = CausalTraces.named(trace, "proc1").id();
        int p2 = CausalTraces.named(trace, "proc2").id();
        int p3 = CausalTraces.named(trace, "proc3").id();
        // p1 -> p3 needs at least 2 - 1.5; p3 -> p1 (k2: 4 -> 6) allows at most 2.
        assertThat(report.disagreements()).containsExactly(
                new Disagreement(p1, p3, 0.5, 2, 1, 1, 1, 0),
                new Disagreement(p2, p3, 0.25, Double.POSITIVE_INFINITY, 1, 1, 0, 0));
        ClockFix fix = report.fix();
        assertThat(fix.feasible()).isTrue();
        assertThat(fix.shifted()).containsExactly(p3);
        assertThat(fix.shift(p3)).isEqualTo(0.5);
        assertThat(fix.shift(p1)).isZero();
        assertThat(fix.shift(p2)).isZero();
    }

    @Test
    void minimumLatencyRaisesTheCorrectionUntilACycleCannotClose() throws IOException {
        Trace trace = CausalTraces.resource("skew.trace");
        int p3 = CausalTraces.named(trace, "proc3").id();
        ClockFix half = ClockShifts.solve(ClockConstraints.of(trace, ClockGroups.perContainer(trace), 0.5));
        assertThat(half.feasible()).isTrue();
        assertThat(half.shift(p3)).isEqualTo(1.0); // k1: 2 + 0.5 - 1.5
        ClockFix tooMuch = ClockShifts.solve(ClockConstraints.of(trace, ClockGroups.perContainer(trace), 1.5));
        assertThat(tooMuch.feasible()).isFalse();
        // p1 -> p3 needs 2 (k1), p3 -> p1 needs -0.5 (k2: 4 + 1.5 - 6): 1.5 more than zero around.
        assertThat(tooMuch.cycle()).containsExactlyInAnyOrder(p3, CausalTraces.named(trace, "proc1").id());
        assertThat(tooMuch.cycleExcess()).isCloseTo(1.5, within(1e-12));
    }

    @Test
    void perMachineClocksMoveTogether() throws IOException {
        Trace trace = CausalTraces.resource("skew.trace");
        ClockGroups groups = ClockGroups.perType(trace, type(trace, "Machine"));
        int m2 = CausalTraces.named(trace, "machine2").id();
        assertThat(groups.of(CausalTraces.named(trace, "proc3").id())).isEqualTo(m2);
        assertThat(groups.of(trace.root().id())).isEqualTo(trace.root().id());
        ClockFix fix = ClockShifts.solve(ClockConstraints.of(trace, groups, 0));
        assertThat(fix.shifted()).containsExactly(m2);
        assertThat(fix.shift(CausalTraces.named(trace, "proc3").id())).isEqualTo(0.5);
        assertThat(fix.shift(m2)).isEqualTo(0.5);
    }

    @Test
    void aTachyonInsideOneClockCannotBeFixed() throws IOException {
        String text = CausalTraces.text("skew.trace").replace("9 10.0 S p1",
                "13 8.0 L 0 p2 msg k5\n14 7.9 L 0 p1 msg k5\n9 10.0 S p1");
        Trace trace = CausalTraces.load(text);
        ClockFix perContainer = ClockShifts.solve(ClockConstraints.of(trace, ClockGroups.perContainer(trace), 0));
        assertThat(perContainer.feasible()).isTrue();
        ClockFix perMachine = ClockShifts.solve(ClockConstraints.of(trace,
                ClockGroups.perType(trace, type(trace, "Machine")), 0));
        assertThat(perMachine.feasible()).isFalse();
        assertThat(perMachine.unfixable()).extracting(Tachyon::key).containsExactly("k5");
        assertThat(perMachine.cycle()).isEmpty();
    }

    @Test
    void cycleTraceHasNoCorrection() throws IOException {
        Trace trace = CausalTraces.resource("cycle.trace");
        ClockFix fix = ClockShifts.solve(ClockConstraints.of(trace, ClockGroups.perContainer(trace), 0));
        assertThat(fix.feasible()).isFalse();
        assertThat(fix.cycleExcess()).isCloseTo(0.3, within(1e-12)); // 0.5 (k1) - 0.2 (k2)
    }

    @Test
    void randomTachyonsAreExactlyTheLinksThatGoBack() throws IOException {
        for (long seed = 1; seed <= 20; seed++) {
            SkewedTraces g = new SkewedTraces(seed, 3, 7, 60, false, 0.01, 0.3, false);
            Trace trace = CausalTraces.load(g.text);
            List<Tachyon> found = Tachyons.find(trace);
            List<SkewedTraces.Message> expected = g.messages.stream().filter(m -> m.end() < m.start()).toList();
            assertThat(found).as("seed %d", seed).hasSameSizeAs(expected);
            for (SkewedTraces.Message m : expected) {
                Tachyon t = found.stream().filter(x -> x.key().equals(m.key())).findFirst().orElseThrow();
                assertThat(t.offset()).isEqualTo(m.end() - m.start());
                assertThat(t.from().name()).isEqualTo("proc" + m.from());
                assertThat(t.to().name()).isEqualTo("proc" + m.to());
            }
        }
    }

    @Test
    void exactLatenciesRecoverTheInjectedOffsets() throws IOException {
        for (long seed = 1; seed <= 20; seed++) {
            // Every message takes exactly 0.01 s and has a reply: the offsets are pinned down, up to a constant.
            SkewedTraces g = new SkewedTraces(seed, 2, 6, 40, false, 0.01, 0, true);
            Trace trace = CausalTraces.load(g.text);
            ClockFix fix = ClockShifts.solve(ClockConstraints.of(trace, ClockGroups.perContainer(trace), 0.01));
            assertThat(fix.feasible()).as("seed %d", seed).isTrue();
            double base = fix.shift(CausalTraces.named(trace, "proc0").id()) + g.offset[0];
            double leastShift = Double.MAX_VALUE;
            for (int p = 0; p < g.processes; p++) {
                double shift = fix.shift(CausalTraces.named(trace, "proc" + p).id());
                assertThat(shift + g.offset[p]).as("seed %d proc%d", seed, p).isCloseTo(base, within(1e-6));
                leastShift = Math.min(leastShift, shift);
            }
            assertThat(leastShift).as("the latest clock stays put").isCloseTo(0, within(1e-6));
        }
    }

    @Test
    void perMachineOffsetsAreRecoveredPerMachine() throws IOException {
        for (long seed = 1; seed <= 10; seed++) {
            SkewedTraces g = new SkewedTraces(seed, 3, 9, 50, true, 0.02, 0, true);
            Trace trace = CausalTraces.load(g.text);
            ClockFix fix = ClockShifts.solve(ClockConstraints.of(trace,
                    ClockGroups.perType(trace, type(trace, "Machine")), 0.02));
            assertThat(fix.feasible()).isTrue();
            double base = fix.shift(CausalTraces.named(trace, "proc0").id()) + g.offset[0];
            for (int p = 0; p < g.processes; p++) {
                assertThat(fix.shift(CausalTraces.named(trace, "proc" + p).id()) + g.offset[p]).isCloseTo(base, within(1e-6));
            }
        }
    }

    @Test
    void randomCorrectionsHoldAndAreTheLeast() throws IOException {
        for (long seed = 1; seed <= 20; seed++) {
            SkewedTraces g = new SkewedTraces(seed, 3, 8, 80, false, 0.001, 0.5, seed % 2 == 0);
            Trace trace = CausalTraces.load(g.text);
            double latency = 0.001;
            ClockFix fix = ClockShifts.solve(ClockConstraints.of(trace, ClockGroups.perContainer(trace), latency));
            assertThat(fix.feasible()).as("seed %d", seed).isTrue();
            double[] shift = new double[g.processes];
            for (int p = 0; p < g.processes; p++) {
                shift[p] = fix.shift(CausalTraces.named(trace, "proc" + p).id());
                assertThat(shift[p]).isGreaterThanOrEqualTo(0);
            }
            for (SkewedTraces.Message m : g.messages) { // in the doubles that will be written:
                double end = m.end() + shift[m.to()];
                double start = m.start() + shift[m.from()];
                assertThat(end).as("seed %d %s: no tachyon", seed, m.key()).isGreaterThanOrEqualTo(start);
                assertThat(end - start).as("seed %d %s: latency", seed, m.key()).isGreaterThan(latency - 1e-9);
            }
            // Least: a simple independent fixpoint over the raw messages gives the same shifts.
            double[] least = new double[g.processes];
            for (boolean changed = true; changed; ) {
                changed = false;
                for (SkewedTraces.Message m : g.messages) {
                    double need = least[m.from()] + m.start() - m.end() + latency;
                    if (need > least[m.to()] + 1e-12) {
                        least[m.to()] = need;
                        changed = true;
                    }
                }
            }
            for (int p = 0; p < g.processes; p++) {
                assertThat(shift[p]).as("seed %d proc%d", seed, p).isCloseTo(least[p], within(1e-9));
            }
        }
    }
}
