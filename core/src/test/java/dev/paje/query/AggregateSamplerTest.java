package dev.paje.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The aggregate of a hand-written trace whose counts are known (see the comments at its top). */
class AggregateSamplerTest {
    private static Trace trace;

    @BeforeAll
    static void load() throws Exception {
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(Path.of("src/test/resources/aggregate/aggregate.trace"));
        assertThat(loaded.problems()).isEmpty();
        trace = loaded.trace();
    }

    private static Container node() {
        return trace.containers().stream().filter(c -> c.name().equals("n")).findFirst().orElseThrow();
    }

    private static Type type(String name) {
        return trace.types().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
    }

    /** Per pixel: "alive | value=number ..." with value names, for compact expectations. */
    private static List<String> cells(AggregateSampler a, Type t) {
        List<String> out = new java.util.ArrayList<>();
        for (int c = 0; c < a.px.size(); c++) {
            Map<String, String> v = new TreeMap<>();
            for (int k = a.cellFirst.get(c); k < a.cellFirst.get(c) + a.cellCount.get(c); k++) {
                v.put(t.values().get(a.value.get(k)).name(), String.format("%.2f", a.number.get(k)));
            }
            out.add(a.px.get(c) + ":" + String.format("%.2f", a.alive.get(c)) + " " + v);
        }
        return out;
    }

    @Test
    void countsTheMembersInEachInnermostValuePerPixel() {
        Type state = type("State");
        List<Container> members = AggregateSampler.members(node(), state);
        assertThat(members).extracting(Container::name).containsExactly("t1", "t2", "t3", "t4");
        AggregateSampler a = new AggregateSampler(new PixelGrid(0, 10, 4), trace.end()).states(state, members);
        assertThat(a.members).isEqualTo(4);
        assertThat(cells(a, state)).containsExactly(
                "0:3.00 {Comm=0.20, Run=1.80, Wait=1.00}",
                "1:3.00 {Comm=0.60, Run=1.40, Wait=1.00}",
                "2:4.00 {Comm=1.00, Run=3.00}",
                "3:4.00 {Comm=0.20, Run=3.00}");
    }

    @Test
    void sumsAndAveragesTheMembersVariables() {
        Type memory = type("Memory");
        AggregateSampler a = new AggregateSampler(new PixelGrid(0, 10, 4), trace.end())
                .variables(memory, AggregateSampler.members(node(), memory));
        assertThat(a.members).isEqualTo(3);
        assertThat(a.px.size()).isEqualTo(4);
        assertThat(a.sum.get(0)).isCloseTo(40, within(1e-9));
        assertThat(a.mean.get(0)).isCloseTo(20, within(1e-9));
        assertThat(a.sum.get(2)).isCloseTo(20 + 30 + 40 * 1.5 / 2.5, within(1e-9));
        assertThat(a.mean.get(2)).isCloseTo((50 + 75 + 60) / 6.5, within(1e-9));
        assertThat(a.sum.get(3)).isCloseTo(90, within(1e-9));
        assertThat(a.mean.get(3)).isCloseTo(30, within(1e-9));
    }

    @Test
    void aLongStateCountsInEveryPixelItCoversAtAnyWidth() {
        Type state = type("State");
        AggregateSampler a = new AggregateSampler(new PixelGrid(0, 10, 1000), trace.end())
                .states(state, AggregateSampler.members(node(), state));
        assertThat(a.px.size()).isEqualTo(1000);
        for (int c = 0; c < a.px.size(); c++) {
            double total = 0;
            for (int k = a.cellFirst.get(c); k < a.cellFirst.get(c) + a.cellCount.get(c); k++) {
                total += a.number.get(k);
            }
            int p = a.px.get(c);
            double expected = p >= 800 ? 3 : a.alive.get(c); // t4 idle after 8
            assertThat(total).as("pixel %d", p).isCloseTo(expected, within(1e-9));
        }
    }
}
