package dev.paje.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.Corpus;
import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Window queries return exactly the rows a full scan finds, for random windows over the corpus. */
class WindowTest {

    @Test
    void sameRowsAsAFullScan() throws IOException {
        SplittableRandom random = new SplittableRandom(11);
        List<Path> traces = new ArrayList<>(Corpus.traces("valid"));
        traces.add(Path.of("../examples/hello.trace"));
        int checked = 0;
        for (Path path : traces) {
            TraceLoader.Loaded loaded = TraceLoader.builder().build().load(path);
            if (!loaded.valid()) {
                continue;
            }
            Trace trace = loaded.trace();
            double span = Math.max(trace.end() - trace.start(), 1e-9);
            for (int k = 0; k < 40; k++) {
                double a = trace.start() - 0.1 * span + random.nextDouble() * 1.2 * span;
                double b = k % 5 == 0 ? a : a + random.nextDouble() * span * (k % 2 == 0 ? 0.01 : 0.5);
                if (k % 7 == 0) {
                    a = Double.NEGATIVE_INFINITY;
                }
                for (Container c : trace.containers()) {
                    for (Type t : trace.types()) {
                        checked += check(c.table(t), a, b, path);
                    }
                }
            }
        }
        assertThat(checked).isGreaterThan(1000);
    }

    private static int check(Object table, double a, double b, Path path) {
        List<Integer> got = new ArrayList<>();
        List<Integer> want = new ArrayList<>();
        if (table instanceof StateTable s) {
            Window.states(s, a, b, got::add);
            scan(s.size(), i -> s.start(i) <= b && s.end(i) >= a, want);
            assertThat(stateRows(s, a, b)).as("%s states by blocks [%s, %s]", path.getFileName(), a, b).isEqualTo(stateFields(s, got));
        } else if (table instanceof EventTable e) {
            Window.events(e, a, b, got::add);
            scan(e.size(), i -> e.time(i) >= a && e.time(i) <= b, want);
        } else if (table instanceof VariableTable v) {
            Window.variables(v, a, b, got::add);
            scan(v.size(), i -> v.start(i) <= b && v.end(i) >= a, want);
            assertThat(variableRows(v, a, b)).as("%s steps by blocks [%s, %s]", path.getFileName(), a, b).isEqualTo(variableFields(v, got));
        } else if (table instanceof LinkTable l) {
            Window.links(l, a, b, got::add);
            scan(l.size(), i -> l.complete(i) && l.start(i) <= b && l.end(i) >= a, want);
        } else {
            return 0;
        }
        assertThat(got).as("%s window [%s, %s]", path.getFileName(), a, b).isEqualTo(want);
        return 1;
    }

    /**
     * Over tables of several blocks (nested states, open last ones), {@link Window#stateRows} and
     * {@link Window#variableRows} give the rows of {@link Window#states} and {@link Window#variables} with their fields.
     */
    @Test
    void rowsByBlocksAreTheRowsWithTheirFields() {
        SplittableRandom random = new SplittableRandom(13);
        StateTable states = new StateTable();
        VariableTable steps = new VariableTable();
        double t = 0;
        for (int i = 0; i < 20_000; i++) {
            int outer = states.open(t, random.nextInt(5), 0);
            int inner = states.open(t + 0.1, random.nextInt(5), 1);
            states.close(inner, t + 0.2 + random.nextDouble());
            steps.step(t, random.nextDouble());
            t += 0.5 + random.nextDouble();
            if (i < 19_999) {
                states.close(outer, t);
            }
        }
        int nonEmpty = 0;
        for (int k = 0; k < 200; k++) {
            double a = -5 + random.nextDouble() * (t + 10);
            double b = a + random.nextDouble() * (k % 3 == 0 ? 10_000 : 50);
            List<Integer> rows = new ArrayList<>();
            Window.states(states, a, b, rows::add);
            nonEmpty += rows.isEmpty() ? 0 : 1;
            assertThat(stateRows(states, a, b)).as("states [%s, %s]", a, b).isEqualTo(stateFields(states, rows));
            List<Integer> stepRows = new ArrayList<>();
            Window.variables(steps, a, b, stepRows::add);
            assertThat(variableRows(steps, a, b)).as("steps [%s, %s]", a, b).isEqualTo(variableFields(steps, stepRows));
        }
        assertThat(nonEmpty).isGreaterThan(100);
    }

    private static List<String> stateRows(StateTable s, double a, double b) {
        List<String> out = new ArrayList<>();
        Window.stateRows(s, a, b, new long[dev.paje.store.EntityTable.BLOCK_ROWS * StateTable.STRIDE],
                (row, start, end, value, level) -> out.add(row + " " + start + " " + end + " " + value + " " + level));
        return out;
    }

    private static List<String> stateFields(StateTable s, List<Integer> rows) {
        return rows.stream().map(r -> r + " " + s.start(r) + " " + s.end(r) + " " + s.value(r) + " " + s.level(r)).toList();
    }

    private static List<String> variableRows(VariableTable v, double a, double b) {
        List<String> out = new ArrayList<>();
        Window.variableRows(v, a, b, new long[dev.paje.store.EntityTable.BLOCK_ROWS * VariableTable.STRIDE],
                (row, start, end, value) -> out.add(row + " " + start + " " + end + " " + value));
        return out;
    }

    private static List<String> variableFields(VariableTable v, List<Integer> rows) {
        return rows.stream().map(r -> r + " " + v.start(r) + " " + v.end(r) + " " + v.value(r)).toList();
    }

    /** The rows {@code 0..n-1} that {@code in} keeps, by brute force: what the window must answer. */
    private static void scan(int n, java.util.function.IntPredicate in, List<Integer> want) {
        for (int i = 0; i < n; i++) {
            if (in.test(i)) {
                want.add(i);
            }
        }
    }
}
