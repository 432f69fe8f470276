package dev.paje.collective;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paje.TraceLoader;
import dev.paje.store.Trace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Collectives of a hand-written trace whose operations are known (see the comments at its top). */
class CollectivesTest {
    static final Path TRACE = Path.of("src/test/resources/collective/collectives.trace");
    private static Trace trace;

    @BeforeAll
    static void load() throws Exception {
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(TRACE);
        assertThat(loaded.problems()).isEmpty();
        trace = loaded.trace();
    }

    private static int id(String name) {
        return trace.containers().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow().id();
    }

    private static int[] ids(String... names) {
        return Arrays.stream(names).mapToInt(CollectivesTest::id).sorted().toArray();
    }

    /** kind value start end members, one line per operation, for compact expectations. */
    private static List<String> lines(Collectives found) {
        List<String> out = new ArrayList<>();
        for (Collective c : found.all()) {
            out.add(c.kind() + " " + c.value() + " " + c.start() + " " + c.end() + " " + c.members());
        }
        return out;
    }

    @Test
    void theResolutionOfTimesWithThreeDecimalsIsAMillisecond() {
        assertThat(TimeResolution.of(trace)).isEqualTo(0.001);
        assertThat(TimeResolution.fit(0.007244, 0)).isEqualTo(6);
        assertThat(TimeResolution.fit(12345.5, 0)).isEqualTo(1);
        assertThat(TimeResolution.fit(Math.PI, 0)).isEqualTo(TimeResolution.MAX_DECIMALS + 1);
    }

    @Test
    void defaultsGroupTheBroadcastTheJitteredRingTheSameValueAndTheEvents() {
        Collectives found = Collectives.find(trace, CollectiveOptions.defaults());
        assertThat(found.tolerance()).isEqualTo(0.001);
        assertThat(lines(found)).containsExactly(
                "LINK bcast 1.0 1.4 3", "LINK ring 3.0 3.5 4", "LINK a 4.0 4.25 2", "EVENT sync 5.0 5.001 4");
        Collective bcast = found.get(0);
        assertThat(bcast.containers()).containsExactly(ids("proc1", "proc2", "proc3", "proc4"));
        assertThat(bcast.holders()).containsOnly(0);
        assertThat(bcast.basis()).isEqualTo(Collective.Basis.TIME);
        assertThat(trace.types().get(bcast.type().id()).name()).isEqualTo("Link");
        Collective a = found.get(2);
        assertThat(a.containers()).containsExactly(ids("proc1", "proc2", "proc3", "proc4"));
        assertThat(a.valueIndex()).isGreaterThanOrEqualTo(0);
        Collective sync = found.get(3);
        assertThat(sync.holders()).containsExactly(id("proc1"), id("proc2"), id("proc3"), id("proc4"));
        assertThat(sync.involves(id("proc4"))).isTrue();
    }

    @Test
    void toleranceZeroKeepsOnlyExactlySimultaneousStarts() {
        Collectives found = Collectives.find(trace, CollectiveOptions.defaults().withTolerance(0));
        assertThat(lines(found)).containsExactly("LINK bcast 1.0 1.4 3", "LINK a 4.0 4.25 2", "EVENT sync 5.0 5.0 3");
    }

    @Test
    void moreContainersRequiredFewerOperations() {
        assertThat(Collectives.find(trace, CollectiveOptions.defaults().withMinContainers(4)).size()).isEqualTo(4);
        assertThat(Collectives.find(trace, CollectiveOptions.defaults().withMinContainers(5)).size()).isZero();
        assertThat(lines(Collectives.find(trace, CollectiveOptions.defaults().withMinContainers(2))))
                .contains("LINK ptp 2.0 2.1 2");
        assertThatThrownBy(() -> CollectiveOptions.defaults().withMinContainers(1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aKeyRuleNamesOperationsWhateverTheirTimes() {
        Collectives found = Collectives.find(trace, CollectiveOptions.defaults().withKeyRule(Pattern.compile("^([a-z]+_\\d+)_")));
        assertThat(lines(found)).containsExactly(
                "LINK bc_1 1.0 1.4 3", "LINK ring_7 3.0 6.5 5", "LINK x_4 4.0 4.25 3", "EVENT sync 5.0 5.001 4");
        Collective x = found.get(2);
        assertThat(x.valueIndex()).isEqualTo(-1); // values a and b
        assertThat(x.basis()).isEqualTo(Collective.Basis.KEY);
    }

    @Test
    void windowQueriesReturnTheOperationsIntersectingTheWindow() {
        Collectives found = Collectives.find(trace, CollectiveOptions.defaults());
        List<String> seen = new ArrayList<>();
        found.intersecting(1.3, 3.0, c -> seen.add(c.value()));
        assertThat(seen).containsExactly("bcast", "ring");
        seen.clear();
        found.intersecting(4.3, 4.9, c -> seen.add(c.value()));
        assertThat(seen).isEmpty();
        found.intersecting(5.001, 9, c -> seen.add(c.value()));
        assertThat(seen).containsExactly("sync");
    }
}
