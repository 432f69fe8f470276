package dev.paje.causal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;
import java.io.IOException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Logical time takes its steps from states, events and links only (issue 16 item 8): variables follow.
 * The skew trace ({@code causal/skew.trace}, clocks worked out in {@link CausalLamportTest}) with
 * counters added: one on proc1, updated at seeded random times, and one on machine1, which has
 * nothing else (no state, event or link).
 */
class LogicalVariablesTest {
    private static final String DEFINE = """
            %EventDef PajeDefineVariableType 20
            % Alias string
            % Type string
            % Name string
            %EndEventDef
            %EventDef PajeSetVariable 21
            % Time date
            % Type string
            % Container string
            % Value double
            %EndEventDef
            """;

    /** The skew trace, with {@code updates} counter steps on proc1 and one per second on machine1. */
    private static Trace withCounters(int updates, long seed) throws IOException {
        String skew = CausalTraces.text("skew.trace");
        int body = skew.indexOf("\n0 M 0 Machine");
        StringBuilder b = new StringBuilder(skew.substring(0, body + 1)).append(DEFINE).append(skew.substring(body + 1));
        b.append("20 C P Counter\n20 H M Heat\n");
        Random random = new Random(seed);
        double[] times = random.doubles(updates, 0.001, 9.999).sorted().toArray();
        for (int i = 0; i < times.length; i++) {
            b.append(String.format(java.util.Locale.ROOT, "21 %.6f C p1 %d%n", times[i], i));
        }
        for (int s = 1; s <= 9; s++) {
            b.append("21 ").append(s).append(" H m1 ").append(s * 10).append('\n');
        }
        return CausalTraces.load(b.toString());
    }

    private static Type type(Trace trace, String name) {
        return trace.types().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void counterUpdatesAddNoStepsAndLeaveEveryClockAsItWas() throws IOException {
        Trace plain = CausalTraces.resource("skew.trace");
        LogicalTime without = LogicalTime.of(plain);
        for (long seed = 1; seed <= 5; seed++) {
            LogicalTime with = LogicalTime.of(withCounters(500, seed));
            assertThat(with.maxClock()).as("seed %d", seed).isEqualTo(without.maxClock()).isEqualTo(5);
            for (Container c : plain.containers()) {
                Container same = CausalTraces.named(with.trace(), c.name());
                assertThat(with.instants(same.id())).as("%s, seed %d", c.name(), seed).isEqualTo(without.instants(c.id()));
                for (int i = 0; i < without.instants(c.id()); i++) {
                    assertThat(with.time(same.id(), i)).isEqualTo(without.time(c.id(), i));
                    assertThat(with.clock(same.id(), i)).isEqualTo(without.clock(c.id(), i));
                }
            }
        }
    }

    @Test
    void stepsFollowTheInstantsOfTheirContainerOneRowPerRow() throws IOException {
        for (long seed = 1; seed <= 5; seed++) {
            Trace trace = withCounters(300, seed);
            LogicalTime lt = LogicalTime.of(trace);
            Container p1 = CausalTraces.named(trace, "proc1");
            VariableTable real = (VariableTable) p1.table(type(trace, "Counter"));
            VariableTable logical = (VariableTable) LogicalTables.of(lt, p1, type(trace, "Counter")).table();
            assertThat(logical.size()).as("seed %d", seed).isEqualTo(real.size()).isEqualTo(300);
            double prev = Double.NEGATIVE_INFINITY;
            for (int r = 0; r < real.size(); r++) {
                double t = real.start(r);
                double x = logical.start(r);
                assertThat(x).as("row %d, seed %d", r, seed).isGreaterThan(prev);
                prev = x;
                assertThat(logical.value(r)).isEqualTo(real.value(r));
                // between the clocks of proc1's instants around its real time (0, 2, 3.5, 6, 10: 0, 1, 2, 4, 5)
                int i = lt.instantAt(p1.id(), t);
                assertThat(x).isBetween((double) lt.clock(p1.id(), i), (double) lt.clock(p1.id(), i + 1));
                assertThat(x).isCloseTo(lt.position(p1.id(), t), within(1e-9));
            }
        }
    }

    @Test
    void aContainerWithOnlyVariablesFollowsHowFarTheTraceHasGone() throws IOException {
        Trace trace = withCounters(10, 7);
        LogicalTime lt = LogicalTime.of(trace);
        Container m1 = CausalTraces.named(trace, "machine1");
        assertThat(lt.follows(m1.id())).isTrue();
        assertThat(lt.follows(CausalTraces.named(trace, "proc2").id())).isFalse();
        // the largest clock at or before each time: 0 at 0, 2 at 1.5 (proc3), 3 at 4, 4 at 6, 5 at 10
        assertThat(lt.position(m1.id(), 1)).isCloseTo(2.0 / 1.5, within(1e-12)); // 0 → 2 over [0, 1.5]
        assertThat(lt.position(m1.id(), 6)).isEqualTo(4);
        assertThat(lt.position(m1.id(), 9)).isCloseTo(4 + 2.0 / 3, within(1e-12)); // 4 at 7 → 5 at 10
        VariableTable heat = (VariableTable) LogicalTables.of(lt, m1, type(trace, "Heat")).table();
        assertThat(heat.size()).isEqualTo(9);
        for (int r = 1; r < heat.size(); r++) {
            assertThat(heat.start(r)).isGreaterThan(heat.start(r - 1));
        }
        assertThat(heat.start(8)).isCloseTo(4 + 2.0 / 3, within(1e-12)); // spread over the axis, not squeezed into [0, 1]
        // and back: the real time at which the trace reaches a position
        LogicalAxis axis = new LogicalAxis(lt);
        assertThat(axis.time(m1.id(), 4 + 2.0 / 3)).isCloseTo(9, within(1e-9));
        assertThat(axis.time(m1.id(), 99)).isNaN();
    }
}
