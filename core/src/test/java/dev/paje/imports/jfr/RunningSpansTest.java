package dev.paje.imports.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Running spans from execution samples: one period per sample, joined, cut at blocking states. */
class RunningSpansTest {
    private static final JfrContainer THREAD = new JfrContainer("t1", JvmTypes.THREAD, null, "t", null, null);

    private static Fact blocked(double start, double end) {
        return Fact.state(start, end, THREAD, Lane.THREAD_STATE, "BLOCKED", null);
    }

    private static List<String> spans(double[] samples, List<Fact> blocking, double period) {
        return RunningSpans.of(samples, new ArrayList<>(blocking), period).stream()
                .map(s -> Math.round(s[0] * 1000) + "-" + Math.round(s[1] * 1000)).toList();
    }

    @Test
    void samplesOnePeriodApartJoinIntoOneSpanEndingAPeriodAfterTheLast() {
        assertThat(spans(new double[] {0.020, 0.000, 0.010}, List.of(), 0.010)).containsExactly("0-30");
    }

    @Test
    void aGapOfUpToHalfAPeriodJoinsAndALongerOneSplits() {
        assertThat(spans(new double[] {0.000, 0.014, 0.040}, List.of(), 0.010)).containsExactly("0-24", "40-50");
        assertThat(spans(new double[] {0.000, 0.016}, List.of(), 0.010)).containsExactly("0-10", "16-26");
    }

    @Test
    void aBlockingStateCutsTheSpanAndSamplesInsideItAreIgnored() {
        List<Fact> blocking = List.of(blocked(0.015, 0.050));
        assertThat(spans(new double[] {0.000, 0.010, 0.020, 0.050, 0.060}, blocking, 0.010))
                .containsExactly("0-15", "50-70");
    }

    @Test
    void spansDoNotJoinAcrossABlockingState() {
        List<Fact> blocking = List.of(blocked(0.012, 0.013));
        assertThat(spans(new double[] {0.000, 0.014}, blocking, 0.010)).containsExactly("0-10", "14-24");
    }

    @Test
    void nestedBlockingStatesCountUntilTheOuterEnds() {
        List<Fact> blocking = List.of(blocked(0.010, 0.100), blocked(0.020, 0.030));
        assertThat(spans(new double[] {0.000, 0.050, 0.100}, blocking, 0.010)).containsExactly("0-10", "100-110");
    }
}
