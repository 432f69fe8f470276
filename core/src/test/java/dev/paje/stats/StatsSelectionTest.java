package dev.paje.stats;

import static dev.paje.stats.StatsTest.links;
import static dev.paje.stats.StatsTest.state;
import static dev.paje.stats.StatsTest.subject;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.paje.store.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Choosing containers and types, grouping by container type, and the errors for names that match nothing. */
class StatsSelectionTest {
    private static final Trace TRACE = StatsTraces.standard();

    private static StatsResult stats(StatsOptions o) {
        return Stats.compute(TRACE, o);
    }

    @Test
    void everyContainerInTreeOrderByDefault() {
        assertThat(stats(StatsOptions.defaults()).subjects()).extracting(SubjectStats::path)
                .containsExactly("/", "/m", "/m/t1", "/m/t2", "/m/t3");
    }

    @Test
    void containersByPathOrName() {
        StatsResult r = stats(StatsOptions.defaults().withContainers(List.of("/m/t2", "t1", "/m/")));
        assertThat(r.subjects()).extracting(SubjectStats::path).containsExactly("/m", "/m/t1", "/m/t2");
        assertThat(subject(r, "/m").states()).as("a container's own figures, not its subtree's").isEmpty();
    }

    @Test
    void quotedNamesAreMatchedWithoutTheirQuotes() {
        Trace t = StatsTraces.load(String.join("\n", "0 M 0 Machine", "0 T M Thread", "1 S T \"Thread State\"",
                "5 0 m M 0 \"node 1\"", "5 0 t1 T m \"main, thread\"", "7 0 S t1 Run", "7 2 S t1 Idle"));
        StatsResult r = Stats.compute(t, StatsOptions.defaults().withContainers(List.of("/node 1/main, thread"))
                .withTypes(List.of("Thread State")));
        assertThat(r.subjects()).singleElement().satisfies(s -> {
            assertThat(s.states()).hasSize(1);
            assertThat(state(s, "Run").time()).isEqualTo(2);
        });
        assertThat(stats(StatsOptions.defaults().withContainers(List.of("t1"))).subjects()).hasSize(1);
    }

    @Test
    void typesRestrictTheFigures() {
        StatsResult r = stats(StatsOptions.defaults().withTypes(List.of("Ev", "V")));
        SubjectStats t1 = subject(r, "/m/t1");
        assertThat(t1.states()).isEmpty();
        assertThat(t1.links()).isEmpty();
        assertThat(t1.events()).hasSize(1);
        assertThat(t1.variables()).hasSize(1);
    }

    @Test
    void groupByAddsUpEachSubtree() {
        StatsResult r = stats(StatsOptions.defaults().withGroupBy("Machine"));
        assertThat(r.groupBy().name()).isEqualTo("Machine");
        SubjectStats m = r.subjects().get(0);
        assertThat(r.subjects()).hasSize(1);
        assertThat(m.path()).isEqualTo("/m");
        assertThat(m.members()).isEqualTo(4);
        StateStats st = m.states().get(0);
        assertThat(st.span()).isEqualTo(25); // t1 10 + t2 10 + t3 5
        assertThat(state(m, "A").time()).isCloseTo(14, within(1e-12)); // t1 10 + t2 4
        assertThat(state(m, "A").share()).isCloseTo(14.0 / 25, within(1e-12));
        assertThat(state(m, "X").time()).isEqualTo(5);
        assertThat(m.events().get(0).total()).isEqualTo(4);
        assertThat(links(m)).containsExactly("msg 2/2/2", "ack 1/1/1"); // every link is inside the machine
        VariableStats v = m.variables().get(0);
        assertThat(v.containers()).isEqualTo(2);
        assertThat(v.time()).isEqualTo(15);
        assertThat(v.integral()).isCloseTo(72, within(1e-12));
        assertThat(v.mean()).isCloseTo(4.8, within(1e-12));
        assertThat(v.min()).isEqualTo(1);
        assertThat(v.max()).isEqualTo(10);
    }

    @Test
    void groupSumsEqualTheSumsOfTheirMembers() {
        StatsOptions o = StatsOptions.defaults().withWindow(3.5, 9);
        StatsResult each = stats(o);
        SubjectStats group = stats(o.withGroupBy("Machine")).subjects().get(0);
        for (StateValueStats v : group.states().get(0).values()) {
            double sum = 0;
            double innermost = 0;
            long count = 0;
            for (SubjectStats s : each.subjects()) {
                for (StateStats st : s.states()) {
                    for (StateValueStats w : st.values()) {
                        if (w.value() == v.value()) {
                            sum += w.time();
                            innermost += w.innermostTime();
                            count += w.count();
                        }
                    }
                }
            }
            assertThat(v.time()).as("%s", v.value()).isCloseTo(sum, within(1e-12));
            assertThat(v.innermostTime()).isCloseTo(innermost, within(1e-12));
            assertThat(v.count()).isEqualTo(count);
        }
    }

    @Test
    void groupByWithContainersKeepsTheGroupsBelowThem() {
        StatsResult r = stats(StatsOptions.defaults().withContainers(List.of("/m")).withGroupBy("Thread"));
        assertThat(r.subjects()).extracting(SubjectStats::path).containsExactly("/m/t1", "/m/t2", "/m/t3");
        assertThat(r.subjects()).allSatisfy(s -> assertThat(s.members()).isEqualTo(1));
        assertThat(links(subject(r, "/m/t1"))).as("links held by /m still count as sent and received")
                .containsExactly("msg 0/1/0", "ack 0/1/1");
    }

    @Test
    void unknownContainerSaysWhatComesClose() {
        assertThatThrownBy(() -> stats(StatsOptions.defaults().withContainers(List.of("/m/t9"))))
                .isInstanceOf(StatsException.class).hasMessageContaining("'/m/t9'").hasMessageContaining("did you mean")
                .hasMessageContaining("'/m/t1'");
        assertThatThrownBy(() -> stats(StatsOptions.defaults().withContainers(List.of("t"))))
                .isInstanceOf(StatsException.class).hasMessageContaining("no container is named 't'")
                .hasMessageContaining("'t1'").hasMessageContaining("a path starts with '/'");
    }

    @Test
    void unknownOrWrongTypesAreErrors() {
        assertThatThrownBy(() -> stats(StatsOptions.defaults().withTypes(List.of("Stat"))))
                .isInstanceOf(StatsException.class).hasMessageContaining("no entity type is named 'Stat'")
                .hasMessageContaining("did you mean: 'State'");
        assertThatThrownBy(() -> stats(StatsOptions.defaults().withTypes(List.of("Thread"))))
                .isInstanceOf(StatsException.class).hasMessageContaining("container type").hasMessageContaining("--group-by");
        assertThatThrownBy(() -> stats(StatsOptions.defaults().withGroupBy("Node")))
                .isInstanceOf(StatsException.class).hasMessageContaining("no container type is named 'Node'")
                .hasMessageContaining("Machine, Thread");
        assertThatThrownBy(() -> stats(StatsOptions.defaults().withGroupBy("State")))
                .isInstanceOf(StatsException.class).hasMessageContaining("'State' is a state type");
    }

    @Test
    void emptyWindowIsAnError() {
        assertThatThrownBy(() -> stats(StatsOptions.defaults().withWindow(5, 4)))
                .isInstanceOf(StatsException.class).hasMessageContaining("after the end");
    }

    @Test
    void nearMatchesPreferContainingThenCloseNames() {
        assertThat(NearMatches.of("rank", List.of("rank 0", "rank 1", "bank", "zzzzzz"), 5))
                .containsExactly("rank 0", "rank 1", "bank");
        assertThat(NearMatches.distance("kitten", "sitting")).isEqualTo(3);
    }
}
