package dev.paje.causal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** Lamport clocks of the hand-written traces, worked out by hand (see the comments of each trace). */
class CausalLamportTest {

    private static int[] clocks(LogicalTime lt, Container c) {
        int[] out = new int[lt.instants(c.id())];
        for (int i = 0; i < out.length; i++) {
            out[i] = lt.clock(c.id(), i);
        }
        return out;
    }

    private static double[] times(LogicalTime lt, Container c) {
        double[] out = new double[lt.instants(c.id())];
        for (int i = 0; i < out.length; i++) {
            out[i] = lt.time(c.id(), i);
        }
        return out;
    }

    @Test
    void skewTraceClocksAsComputedByHand() throws IOException {
        Trace trace = CausalTraces.resource("skew.trace");
        LogicalTime lt = LogicalTime.of(trace);
        Container p1 = CausalTraces.named(trace, "proc1");
        Container p2 = CausalTraces.named(trace, "proc2");
        Container p3 = CausalTraces.named(trace, "proc3");
        // p1: created and Run pushed at 0, sends k1 at 2, receives k3 (sent by p2 at 3, clock 1) at 3.5,
        // receives k2 (sent by p3 at 4, clock 3) at 6, pops at 10.
        assertThat(times(lt, p1)).containsExactly(0, 2, 3.5, 6, 10);
        assertThat(clocks(lt, p1)).containsExactly(0, 1, 2, 4, 5);
        // p2: created at 0, sends k3 at 3, event at 5, sends k4 at 7, ends with the trace at 10.
        assertThat(times(lt, p2)).containsExactly(0, 3, 5, 7, 10);
        assertThat(clocks(lt, p2)).containsExactly(0, 1, 2, 3, 4);
        // p3: receives k1 (p1's clock 1) at 1.5 although it was sent at 2: logical time puts it after.
        assertThat(times(lt, p3)).containsExactly(0, 1.5, 4, 6.75, 10);
        assertThat(clocks(lt, p3)).containsExactly(0, 2, 3, 4, 5);
        assertThat(lt.maxClock()).isEqualTo(5);
        assertThat(lt.links()).isEqualTo(4);
        assertThat(lt.ignoredLinks()).isZero();
    }

    @Test
    void everyLinkGoesForwardInLogicalTime() throws IOException {
        Trace trace = CausalTraces.resource("skew.trace");
        LogicalTime lt = LogicalTime.of(trace);
        Type link = trace.types().stream().filter(t -> t.name().equals("Link")).findFirst().orElseThrow();
        LogicalTime.Positions pos = lt.positions(trace.root(), link);
        assertThat(pos.start()).hasSize(4);
        for (int r = 0; r < pos.start().length; r++) {
            assertThat(pos.end()[r]).as("link %d", r).isGreaterThan(pos.start()[r]);
        }
    }

    @Test
    void lookupsBetweenInstants() throws IOException {
        Trace trace = CausalTraces.resource("skew.trace");
        LogicalTime lt = LogicalTime.of(trace);
        int p1 = CausalTraces.named(trace, "proc1").id();
        assertThat(lt.instantAt(p1, 3.5)).isEqualTo(2);
        assertThat(lt.instantAt(p1, 4.9)).isEqualTo(2);
        assertThat(lt.instantAt(p1, -1)).isEqualTo(-1);
        assertThat(lt.clockAt(p1, 5.0)).isEqualTo(2);
        assertThat(lt.clockAt(p1, -1)).isEqualTo(-1);
        assertThat(lt.position(p1, 6)).isEqualTo(4);
        assertThat(lt.position(p1, 4.75)).isCloseTo(3, within(1e-12)); // halfway from 3.5 (2) to 6 (4)
        assertThat(lt.position(p1, 99)).isEqualTo(5);
        assertThat(lt.position(p1, -5)).isEqualTo(0);
    }

    @Test
    void statePositionsFollowTheirInstants() throws IOException {
        Trace trace = CausalTraces.resource("skew.trace");
        LogicalTime lt = LogicalTime.of(trace);
        Container p1 = CausalTraces.named(trace, "proc1");
        Type state = trace.types().stream().filter(t -> t.name().equals("State")).findFirst().orElseThrow();
        LogicalTime.Positions pos = lt.positions(p1, state);
        assertThat(pos.start()).containsExactly(0);
        assertThat(pos.end()).containsExactly(5);
    }

    @Test
    void aCausalCycleIsBrokenAtItsWorstLink() throws IOException {
        Trace trace = CausalTraces.resource("cycle.trace");
        LogicalTime lt = LogicalTime.of(trace);
        // k1 (sent at 2 by p1, received at 1.5 by p3) goes furthest back: it is the one left out.
        assertThat(lt.ignoredLinks()).isEqualTo(1);
        Container p1 = CausalTraces.named(trace, "proc1");
        Container p3 = CausalTraces.named(trace, "proc3");
        assertThat(times(lt, p3)).containsExactly(0, 1.5, 1.6, 10);
        assertThat(clocks(lt, p3)).containsExactly(0, 1, 2, 3);
        assertThat(times(lt, p1)).containsExactly(0, 1.8, 2, 10);
        assertThat(clocks(lt, p1)).containsExactly(0, 3, 4, 5);
    }
}
