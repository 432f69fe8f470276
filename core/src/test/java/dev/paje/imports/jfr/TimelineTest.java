package dev.paje.imports.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.TraceLoader;
import dev.paje.imports.PajeText;
import dev.paje.read.EventKind;
import dev.paje.store.Container;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Facts in start order become Pajé lines in time order: nested states kept, overlaps cut, late facts moved. */
class TimelineTest {
    @TempDir
    Path dir;

    /** A tiny hierarchy: process P, threads T with state type S; writes the facts {@code make} gives. */
    private final class Run {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final PajeText out = new PajeText(bytes);
        final PajeText.Shape shape = out.shape(EventKind.PUSH_STATE, "Note");
        final JfrContainer process = new JfrContainer("p", "P", null, "process", null, null);
        final Timeline timeline;

        Run() {
            out.containerType("P", "0", "P");
            out.containerType(JvmTypes.THREAD, "P", "T");
            out.stateType(JvmTypes.THREAD_STATE, JvmTypes.THREAD, "S");
            timeline = new Timeline(out);
        }

        JfrContainer thread(String name) {
            return new JfrContainer(name, JvmTypes.THREAD, process, name, null, null);
        }

        Fact state(JfrContainer c, double start, double end, String value) {
            return Fact.state(start, end, c, Lane.THREAD_STATE, value, shape, value + "@" + start);
        }

        /** The states read back, as {@code thread value start-end level}, in the store's order. */
        List<String> states(List<Fact> facts) throws IOException {
            for (Fact f : facts) {
                timeline.write(f);
            }
            timeline.finish();
            out.flush();
            TraceLoader.Loaded loaded = TraceLoader.builder().build()
                    .load(new ByteArrayInputStream(bytes.toByteArray()), "timeline", dir);
            assertThat(loaded.problems()).as(bytes.toString(StandardCharsets.UTF_8)).isEmpty();
            Trace trace = loaded.trace();
            Type s = trace.types().stream().filter(t -> t.name().equals("S")).findFirst().orElseThrow();
            List<String> found = new ArrayList<>();
            for (Container c : trace.containers()) {
                StateTable table = c.states(s);
                for (int i = 0; table != null && i < table.size(); i++) {
                    found.add(c.name() + " " + s.value(table.value(i)).name() + " " + table.start(i) + "-" + table.end(i)
                            + " " + table.level(i));
                }
            }
            return found;
        }
    }

    @Test
    void aStateInsideAnotherNests() throws IOException {
        Run run = new Run();
        JfrContainer t = run.thread("t");
        assertThat(run.states(List.of(run.state(t, 0, 10, "outer"), run.state(t, 2, 5, "inner"), run.state(t, 5, 10, "last"))))
                .containsExactlyInAnyOrder("t outer 0.0-10.0 0", "t inner 2.0-5.0 1", "t last 5.0-10.0 1");
        assertThat(run.timeline.truncated()).isZero();
        assertThat(run.timeline.moved()).isZero();
        assertThat(run.timeline.corrections()).isNull();
    }

    @Test
    void aStateThatOutlastsTheOpenOneEndsItWhereItStarts() throws IOException {
        Run run = new Run();
        JfrContainer t = run.thread("t");
        assertThat(run.states(List.of(run.state(t, 0, 5, "a"), run.state(t, 3, 8, "b"))))
                .containsExactlyInAnyOrder("t a 0.0-3.0 0", "t b 3.0-8.0 0");
        assertThat(run.timeline.truncated()).isEqualTo(1);
        assertThat(run.timeline.corrections()).startsWith("1 state(s) ended early").contains("0 fact(s) written later");
    }

    @Test
    void anEstimatedStateEndsWhereARecordedOneBeginsWithoutACorrection() throws IOException {
        Run run = new Run();
        JfrContainer t = run.thread("t");
        Fact running = Fact.estimated(0, 5, t, Lane.THREAD_STATE, "running", run.shape, "-");
        assertThat(run.states(List.of(running, run.state(t, 3, 8, "sleeping"))))
                .containsExactlyInAnyOrder("t running 0.0-3.0 0", "t sleeping 3.0-8.0 0");
        assertThat(run.timeline.corrections()).isNull();
    }

    @Test
    void aFactBeforeWhatIsWrittenIsMovedToTheCurrentTime() throws IOException {
        Run run = new Run();
        JfrContainer t = run.thread("t");
        JfrContainer u = run.thread("u");
        assertThat(run.states(List.of(run.state(t, 4, 6, "a"), run.state(u, 2, 7, "late"))))
                .containsExactlyInAnyOrder("t a 4.0-6.0 0", "u late 4.0-7.0 0");
        assertThat(run.timeline.moved()).isEqualTo(1);
        assertThat(run.timeline.corrections()).contains("1 fact(s) written later");
    }

    /** Random well-nested states on several threads, interleaved in start order, read back exactly. */
    @Test
    void randomNestedStatesOnManyThreadsReadBackExactly() throws IOException {
        Random random = new Random(18);
        for (int round = 0; round < 20; round++) {
            Run run = new Run();
            List<Fact> facts = new ArrayList<>();
            List<String> expected = new ArrayList<>();
            for (int k = 0; k < 1 + random.nextInt(5); k++) {
                JfrContainer t = run.thread("t" + k);
                nest(random, run, t, 0, 1000, 0, facts, expected);
            }
            facts.sort(Fact.ORDER);
            assertThat(run.states(facts)).as("round %d", round).containsExactlyInAnyOrderElementsOf(expected);
            assertThat(run.timeline.truncated() + run.timeline.moved()).isZero();
        }
    }

    /** Disjoint states within [from, to] at {@code level}, each with nested ones inside. */
    private static void nest(Random random, Run run, JfrContainer t, int from, int to, int level, List<Fact> facts,
            List<String> expected) {
        TreeSet<Integer> cuts = new TreeSet<>();
        int n = level > 3 || to - from < 8 ? 0 : random.nextInt(4);
        while (cuts.size() < 2 * n) {
            cuts.add(from + random.nextInt(to - from + 1));
        }
        Integer[] c = cuts.toArray(new Integer[0]);
        for (int i = 0; i + 1 < c.length; i += 2) {
            String value = "v" + random.nextInt(3);
            facts.add(run.state(t, c[i], c[i + 1], value));
            expected.add(t.name + " " + value + " " + (double) c[i] + "-" + (double) c[i + 1] + " " + level);
            nest(random, run, t, c[i], c[i + 1], level + 1, facts, expected);
        }
    }
}
