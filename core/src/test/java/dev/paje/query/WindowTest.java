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
        } else if (table instanceof EventTable e) {
            Window.events(e, a, b, got::add);
            scan(e.size(), i -> e.time(i) >= a && e.time(i) <= b, want);
        } else if (table instanceof VariableTable v) {
            Window.variables(v, a, b, got::add);
            scan(v.size(), i -> v.start(i) <= b && v.end(i) >= a, want);
        } else if (table instanceof LinkTable l) {
            Window.links(l, a, b, got::add);
            scan(l.size(), i -> l.complete(i) && l.start(i) <= b && l.end(i) >= a, want);
        } else {
            return 0;
        }
        assertThat(got).as("%s window [%s, %s]", path.getFileName(), a, b).isEqualTo(want);
        return 1;
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
