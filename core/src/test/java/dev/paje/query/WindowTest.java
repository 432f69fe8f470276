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
            assertThat(stateRows(s, a, b)).as("%s block reads [%s, %s]", path.getFileName(), a, b).isEqualTo(stateFields(s, got));
        } else if (table instanceof EventTable e) {
            Window.events(e, a, b, got::add);
            scan(e.size(), i -> e.time(i) >= a && e.time(i) <= b, want);
        } else if (table instanceof VariableTable v) {
            Window.variables(v, a, b, got::add);
            scan(v.size(), i -> v.start(i) <= b && v.end(i) >= a, want);
            assertThat(variableRows(v, a, b)).as("%s block reads [%s, %s]", path.getFileName(), a, b).isEqualTo(variableFields(v, got));
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
     * The block reads ({@link Window#stateRows}, {@link Window#variableRows}) give the rows of the row-at-a-time queries
     * and their fields, bit for bit, on tables of many blocks in a store (256 rows a block, read through the block cache).
     */
    @Test
    void blockReadsGiveTheRowsAndFieldsOfTheRowQueries(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        for (long seed = 1; seed <= 3; seed++) {
            java.util.Random r = new java.util.Random(seed);
            Path file = dir.resolve("t" + seed + ".trace");
            java.nio.file.Files.writeString(file, AggregateSamplerBlocksTest.randomTrace(r));
            Trace trace = TraceLoader.builder().build().load(file).trace();
            int tables = 0;
            for (Container c : trace.containers()) {
                for (Type t : trace.types()) {
                    Object table = t.kind() == dev.paje.store.TypeKind.CONTAINER ? null : c.table(t);
                    if (table instanceof StateTable s && s.size() > 4 * 256) {
                        tables++;
                    }
                    for (int k = 0; k < 10 && table != null; k++) {
                        double a = k == 0 ? Double.NEGATIVE_INFINITY : r.nextDouble() * trace.end();
                        double b = k == 0 ? Double.POSITIVE_INFINITY : a + r.nextDouble() * (k % 2 == 0 ? 1 : trace.end() / 3);
                        check(table, a, b, file);
                    }
                }
            }
            assertThat(tables).isGreaterThan(3);
        }
    }

    private static List<List<Long>> stateRows(StateTable s, double a, double b) {
        List<List<Long>> got = new ArrayList<>();
        Window.stateRows(s, a, b, new long[256 * StateTable.STRIDE], (row, start, end, value, level) -> got.add(List.of((long) row,
                Double.doubleToRawLongBits(start), Double.doubleToRawLongBits(end), (long) value, (long) level)));
        return got;
    }

    private static List<List<Long>> stateFields(StateTable s, List<Integer> rows) {
        return rows.stream().map(i -> List.of((long) i, Double.doubleToRawLongBits(s.start(i)), Double.doubleToRawLongBits(s.end(i)),
                (long) s.value(i), (long) s.level(i))).toList();
    }

    private static List<List<Long>> variableRows(VariableTable v, double a, double b) {
        List<List<Long>> got = new ArrayList<>();
        Window.variableRows(v, a, b, new long[256 * VariableTable.STRIDE], (row, start, end, value) -> got.add(List.of((long) row,
                Double.doubleToRawLongBits(start), Double.doubleToRawLongBits(end), Double.doubleToRawLongBits(value))));
        return got;
    }

    private static List<List<Long>> variableFields(VariableTable v, List<Integer> rows) {
        return rows.stream().map(i -> List.of((long) i, Double.doubleToRawLongBits(v.start(i)), Double.doubleToRawLongBits(v.end(i)),
                Double.doubleToRawLongBits(v.value(i)))).toList();
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
