package dev.paje.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.paje.store.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Known answers on the hand-written trace of {@link StatsTraces}: states, events, links, variables. */
class StatsTest {
    private static final Trace TRACE = StatsTraces.standard();

    private static StatsResult stats(double start, double end) {
        return Stats.compute(TRACE, StatsOptions.defaults().withWindow(start, end));
    }

    static SubjectStats subject(StatsResult r, String path) {
        return r.subjects().stream().filter(s -> s.path().equals(path)).findFirst()
                .orElseThrow(() -> new AssertionError("no subject " + path));
    }

    static StateValueStats state(SubjectStats s, String value) {
        return s.states().get(0).values().stream().filter(v -> v.value().name().equals(value)).findFirst()
                .orElseThrow(() -> new AssertionError("no value " + value + " in " + s.path()));
    }

    @Test
    void wholeTraceCountsEveryLevelAndTheInnermostTime() {
        StatsResult r = Stats.compute(TRACE, StatsOptions.defaults());
        assertThat(r.start()).isEqualTo(0);
        assertThat(r.end()).isEqualTo(10);
        SubjectStats t1 = subject(r, "/m/t1");
        StateStats st = t1.states().get(0);
        assertThat(st.span()).isEqualTo(10);
        assertThat(st.levels()).isEqualTo(3);
        assertThat(st.values()).extracting(v -> v.value().name()).containsExactly("A", "B", "C");
        StateValueStats a = state(t1, "A");
        StateValueStats b = state(t1, "B");
        StateValueStats c = state(t1, "C");
        assertThat(a.time()).isEqualTo(10);
        assertThat(a.share()).isEqualTo(1.0);
        assertThat(a.innermostTime()).isCloseTo(4, within(1e-12)); // 10 minus B's 4 + 2
        assertThat(b.count()).isEqualTo(2);
        assertThat(b.time()).isCloseTo(6, within(1e-12)); // [2,6] and [8,10], open at the end
        assertThat(b.innermostTime()).isCloseTo(5, within(1e-12)); // minus C's 1
        assertThat(b.levels()).singleElement().satisfies(l -> {
            assertThat(l.level()).isEqualTo(1);
            assertThat(l.time()).isCloseTo(6, within(1e-12));
        });
        assertThat(c.time()).isEqualTo(1);
        assertThat(c.levels().get(0).level()).isEqualTo(2);
        assertThat(a.innermostTime() + b.innermostTime() + c.innermostTime()).isCloseTo(10, within(1e-12));
    }

    @Test
    void timesAreClippedToTheWindow() {
        StatsResult r = stats(3.5, 9);
        SubjectStats t1 = subject(r, "/m/t1");
        assertThat(t1.states().get(0).span()).isEqualTo(5.5);
        assertThat(state(t1, "A").time()).isEqualTo(5.5);
        assertThat(state(t1, "B").time()).isCloseTo(3.5, within(1e-12)); // 2.5 + 1
        assertThat(state(t1, "B").share()).isCloseTo(3.5 / 5.5, within(1e-12));
        assertThat(state(t1, "C").time()).isCloseTo(0.5, within(1e-12));
        assertThat(state(t1, "A").innermostTime()).isCloseTo(2, within(1e-12));
        assertThat(state(t1, "B").innermostTime()).isCloseTo(3, within(1e-12));
        SubjectStats t2 = subject(r, "/m/t2");
        assertThat(state(t2, "A").time()).isCloseTo(1.5, within(1e-12));
        assertThat(state(t2, "B").time()).isCloseTo(4, within(1e-12));
        assertThat(state(t2, "B").share()).isCloseTo(4 / 5.5, within(1e-12));
    }

    @Test
    void sharesAreOfTheContainersLifetimeInsideTheWindow() {
        SubjectStats t3 = subject(stats(0, 10), "/m/t3"); // exists from 2 to 7
        assertThat(t3.states().get(0).span()).isEqualTo(5);
        assertThat(state(t3, "X").share()).isEqualTo(1.0);
        SubjectStats late = subject(stats(6, 9), "/m/t3");
        assertThat(late.states().get(0).span()).isEqualTo(1);
        assertThat(state(late, "X").time()).isEqualTo(1);
    }

    @Test
    void anInstantWindowCountsTouchingStatesWithNoTime() {
        SubjectStats t1 = subject(stats(6, 6), "/m/t1");
        assertThat(state(t1, "A").count()).isEqualTo(1);
        assertThat(state(t1, "B").count()).isEqualTo(1); // [2,6] touches the window
        assertThat(state(t1, "B").time()).isZero();
        assertThat(state(t1, "B").share()).isNaN();
        assertThat(subject(stats(8.5, 8.5), "/m/t1").variables().get(0).min()).isEqualTo(1);
        assertThat(subject(stats(6, 6), "/m/t1").variables().get(0).max()).isEqualTo(1); // set to 1 at 6
    }

    @Test
    void windowsOutsideTheTraceFindNothing() {
        StatsResult r = stats(20, 30);
        assertThat(r.subjects()).allSatisfy(s -> assertThat(s.isEmpty()).isTrue());
    }

    @Test
    void eventsAreCountedPerValueInTheClosedWindow() {
        EventStats all = subject(stats(0, 10), "/m/t1").events().get(0);
        assertThat(all.total()).isEqualTo(3);
        assertThat(all.values()).extracting(v -> v.value().name() + "=" + v.count()).containsExactly("x=2", "y=1");
        EventStats later = subject(stats(2, 9), "/m/t1").events().get(0);
        assertThat(later.values()).extracting(v -> v.value().name() + "=" + v.count()).containsExactly("x=1", "y=1");
        assertThat(subject(stats(0, 9.99), "/m/t2").events()).isEmpty();
        assertThat(subject(stats(10, 10), "/m/t2").events().get(0).total()).isEqualTo(1);
    }

    @Test
    void linksAreCountedByHolderSenderAndReceiver() {
        StatsResult r = stats(0, 10);
        assertThat(links(subject(r, "/m"))).containsExactly("msg 2/0/0", "ack 1/0/0");
        assertThat(links(subject(r, "/m/t1"))).containsExactly("msg 0/1/0", "ack 0/1/1");
        assertThat(links(subject(r, "/m/t2"))).containsExactly("msg 0/1/2");
        StatsResult late = stats(4, 10); // the first message [1,3] is over
        assertThat(links(subject(late, "/m"))).containsExactly("msg 1/0/0", "ack 1/0/0");
        assertThat(links(subject(stats(3, 3), "/m"))).containsExactly("msg 1/0/0"); // touching counts
    }

    static List<String> links(SubjectStats s) {
        return s.links().stream().flatMap(l -> l.values().stream())
                .map(v -> v.value().name() + " " + v.held() + "/" + v.sent() + "/" + v.received()).toList();
    }

    @Test
    void variablesAreIntegratedOverTheWindow() {
        VariableStats all = subject(stats(0, 10), "/m/t1").variables().get(0);
        assertThat(all.integral()).isCloseTo(22, within(1e-12)); // 2*4 + 5*2 + 1*4
        assertThat(all.time()).isEqualTo(10);
        assertThat(all.mean()).isCloseTo(2.2, within(1e-12));
        assertThat(all.min()).isEqualTo(1);
        assertThat(all.max()).isEqualTo(5);
        VariableStats part = subject(stats(5, 7), "/m/t1").variables().get(0);
        assertThat(part.integral()).isCloseTo(6, within(1e-12)); // 5*1 + 1*1
        assertThat(part.mean()).isCloseTo(3, within(1e-12));
        assertThat(part.min()).isEqualTo(1);
        assertThat(part.max()).isEqualTo(5);
        VariableStats first = subject(stats(0, 4), "/m/t1").variables().get(0);
        assertThat(first.max()).as("the step starting at the window end lasts no time in it").isEqualTo(2);
        VariableStats t3 = subject(stats(0, 10), "/m/t3").variables().get(0);
        assertThat(t3.time()).isEqualTo(5); // destroyed at 7
        assertThat(t3.integral()).isEqualTo(50);
    }
}
