package dev.paje.causal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paje.read.TraceException;
import dev.paje.store.Trace;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** fix-clocks' text rewriting: exact expected outputs, valid and consistent results, untouched bytes. */
class CausalRewriteTest {

    private static String rewrite(String text, ClockFix fix) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new ClockRewriter(fix, false, "test.trace").rewrite(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static ClockFix fix(Trace trace, double latency) {
        ClockFix fix = ClockShifts.solve(ClockConstraints.of(trace, ClockGroups.perContainer(trace), latency));
        assertThat(fix.feasible()).isTrue();
        return fix;
    }

    @Test
    void skewTraceMovesProc3ByHalfASecond() throws IOException {
        String text = CausalTraces.text("skew.trace");
        String fixed = rewrite(text, fix(CausalTraces.load(text), 0));
        String expected = text.replace("5 0.0 p3 P m2 proc3", "5 0.5 p3 P m2 proc3")
                .replace("14 1.5 L 0 p3 msg k1", "14 2.0 L 0 p3 msg k1")
                .replace("13 4.0 L 0 p3 msg k2", "13 4.5 L 0 p3 msg k2")
                .replace("14 6.75 L 0 p3 msg k4", "14 7.25 L 0 p3 msg k4");
        assertThat(fixed).isEqualTo(expected);
        Trace again = CausalTraces.load(fixed);
        assertThat(Tachyons.find(again)).isEmpty();
    }

    @Test
    void movedTimesAreWrittenAsTheDecimalSumNotWithFloatingPointNoise() throws IOException {
        String header = CausalTraces.text("skew.trace").lines().filter(l -> l.startsWith("%"))
                .reduce("", (a, l) -> a + l + "\n");
        String text = header + "0 M 0 Machine\n0 P M Process\n1 S P State\n2 E P Event\n4 L 0 P P Link\n"
                + "5 0.0 m1 M 0 machine1\n5 0.0 m2 M 0 machine2\n5 0.0 p1 P m1 proc1\n5 0.1 p3 P m2 proc3\n"
                + "8 0.1 S p3 Run\n13 0.3 L 0 p1 msg k1\n14 0.1 L 0 p3 msg k1\n10 0.7 E p3 tick\n"
                + "13 1.1 L 0 p3 msg k2\n14 1.3 L 0 p1 msg k2\n9 1.7 S p3\n";
        String fixed = rewrite(text, fix(CausalTraces.load(text), 0));
        // proc3 moves by 0.3 - 0.1: in doubles 0.7 + that is 0.8999999999999999
        assertThat(fixed).contains("10 0.9 E p3 tick\n", "13 1.3 L 0 p3 msg k2\n", "9 1.9 S p3\n")
                .doesNotContainPattern("\\.\\d{3,}");
        assertThat(Tachyons.find(CausalTraces.load(fixed))).isEmpty();
    }

    @Test
    void destructionsMoveWithWhatTheyHoldAndLineEndingsStay() throws IOException {
        String text = CausalTraces.text("skew.trace") + "6 9.0 P p3\n6 9.5 M m2\n";
        text = text.replace("\n", "\r\n");
        String fixed = rewrite(text, fix(CausalTraces.load(text), 0));
        assertThat(fixed).contains("6 9.5 P p3\r\n", "6 10.0 M m2\r\n"); // m2 ends after its process does
        assertThat(CausalTraces.load(fixed).containers()).hasSize(6);
    }

    @Test
    void randomSkewedTracesComeOutValidConsistentAndOtherwiseUntouched() throws IOException {
        for (long seed = 1; seed <= 15; seed++) {
            SkewedTraces g = new SkewedTraces(seed, 3, 6, 50, false, 0.001, 0.2, seed % 3 == 0);
            Trace trace = CausalTraces.load(g.text);
            ClockFix fix = fix(trace, 0.001);
            String fixed = rewrite(g.text, fix);
            Trace again = CausalTraces.load(fixed); // fails on any problem, time order included
            assertThat(Tachyons.find(again)).as("seed %d", seed).isEmpty();
            CausalTraces.eachTimedLine(g.text, fixed, (i, b, a, container) -> {
                int id = CausalTraces.named(trace, container.startsWith("q") ? "proc" + container.substring(1)
                        : "machine" + container.substring(1)).id();
                assertThat(a).hasSameSizeAs(b);
                for (int f = 0; f < b.length; f++) {
                    if (f != 1) {
                        assertThat(a[f]).isEqualTo(b[f]);
                    }
                }
                double shift = b[0].equals("6") ? a[1].equals(b[1]) ? 0 : Double.parseDouble(a[1]) - Double.parseDouble(b[1])
                        : fix.shift(id);
                if (shift == 0) {
                    assertThat(a[1]).as("line %d", i + 1).isEqualTo(b[1]);
                } else if (!b[0].equals("6")) {
                    double expected = Double.parseDouble(b[1]) + shift; // or its neighbour, when that is the decimal sum
                    assertThat(Double.parseDouble(a[1])).as("line %d", i + 1)
                            .isIn(expected, Math.nextUp(expected), Math.nextDown(expected));
                }
            });
        }
    }

    @Test
    void aTraceSplitIntoFilesIsRefused() throws IOException {
        String text = CausalTraces.text("skew.trace").replace("0 M 0 Machine",
                "%EventDef PajeTraceFile 30\n% Filename string\n%EndEventDef\n0 M 0 Machine") + "30 other.trace\n";
        Trace trace = CausalTraces.load(text.replace("30 other.trace\n", ""));
        assertThatThrownBy(() -> rewrite(text, fix(trace, 0))).isInstanceOf(TraceException.class)
                .hasMessageContaining("PajeTraceFile");
    }

    /**
     * Clocks grow along each container and along every link kept; with consistent clocks only links
     * of zero duration may be left out (a platform graph drawn at one instant has cycles).
     */
    private static void assertLamport(LogicalTime lt, Path file) {
        Messages m = lt.messages();
        for (int i = 0; i < m.size(); i++) {
            if (lt.ignored(i)) {
                assertThat(m.gap[i]).as("%s: ignored link %d", file, i).isZero();
            } else {
                assertThat(lt.clock(m.dstC[i], m.dstI[i])).as("%s link %d", file, i)
                        .isGreaterThan(lt.clock(m.srcC[i], m.srcI[i]));
            }
        }
        for (int c = 0; c < lt.trace().containers().size(); c++) {
            for (int i = 1; i < lt.instants(c); i++) {
                assertThat(lt.clock(c, i)).isGreaterThan(lt.clock(c, i - 1));
            }
        }
    }

    @Test
    void corpusTracesHaveNoTachyonsAndComeOutByteIdentical() throws IOException {
        int checked = CausalTraces.eachCorpusTrace(t -> {
            assertThat(Tachyons.find(t.trace())).as("%s", t.file()).isEmpty();
            ClockFix fix = ClockShifts.solve(ClockConstraints.of(t.trace(), ClockGroups.perContainer(t.trace()), 0));
            assertThat(fix.feasible()).as("%s", t.file()).isTrue();
            assertThat(fix.shifted()).as("%s", t.file()).isEmpty();
            CausalTraces.assertRewrittenIdentical(fix, t);
            assertLamport(LogicalTime.of(t.trace()), t.file());
        });
        assertThat(checked).isGreaterThan(10);
    }
}
