package dev.paje.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.Corpus;
import dev.paje.TraceLoader;
import dev.paje.dump.DumpOptions;
import dev.paje.dump.DumpWriter;
import dev.paje.store.Trace;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * On every valid trace of the shared corpus and a few windows, the statistics equal what one adds
 * up by hand from our own {@code paje dump -s -e} text of the same window (durations clipped to the
 * window): state time and count per container, type, value and level; innermost time against
 * {@code dump -i}; event counts, links held, variable integrals, times, min and max. Containers are
 * keyed by name, as the dump prints them (summed on both sides when names repeat).
 */
class StatsCorpusTest {

    @TestFactory
    Stream<DynamicTest> statisticsAddUpAsTheDump() throws IOException {
        List<Path> traces = new ArrayList<>(Corpus.traces("valid"));
        traces.add(Path.of("../examples/hello.trace"));
        return traces.stream().map(t -> DynamicTest.dynamicTest(t.getFileName().toString(), () -> check(t)));
    }

    private static void check(Path path) throws IOException {
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(path);
        assertThat(loaded.valid()).as("%s loads", path).isTrue();
        Trace trace = loaded.trace();
        double s = trace.start();
        double span = trace.end() - s;
        double[][] windows = {{Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY}, {s + 0.3 * span, s + 0.6 * span},
            {s + 0.05 * span, s + 0.5 * span}, {s + 0.77 * span, trace.end()}, {s + 0.5 * span, s + 0.5 * span}};
        for (double[] w : windows) {
            StatsResult r = Stats.compute(trace, StatsOptions.defaults().withWindow(w[0], w[1]));
            String where = path.getFileName() + " window [" + r.start() + ", " + r.end() + "]";
            Map<String, double[]> want = fromDump(trace, w[0], w[1], r.start(), r.end(), true);
            Map<String, double[]> innermost = fromDump(trace, w[0], w[1], r.start(), r.end(), false);
            Map<String, double[]> got = fromStats(r);
            compare(where, want, got, trace.end());
            compare(where + " (dump -i)", innermost, innermostFromStats(r), trace.end());
        }
    }

    /** Key → {count, time} (variables: {steps, time, integral, min, max}), added up from the dump text. */
    private static Map<String, double[]> fromDump(Trace trace, double ds, double de, double ws, double we,
            boolean nested) throws IOException {
        StringWriter out = new StringWriter();
        new DumpWriter(new DumpOptions(ds, de, nested, 17, false, false), 1).write(trace, out);
        Map<String, double[]> sums = new HashMap<>();
        for (String line : out.toString().split("\n")) {
            String[] f = line.split(", ");
            switch (f[0]) {
                case "State" -> {
                    assertThat(f).as("a state line with 8 fields: %s", line).hasSize(8);
                    double clip = clip(f[3], f[4], ws, we);
                    String key = "S|" + f[1] + "|" + f[2] + "|" + f[7];
                    add(sums, nested ? key + "|" + (int) Double.parseDouble(f[6]) : key + "|top", 1, clip);
                    if (nested) {
                        add(sums, key + "|all", 1, clip);
                    }
                }
                case "Event" -> {
                    assertThat(f).as("an event line: %s", line).hasSize(5);
                    add(sums, "E|" + f[1] + "|" + f[2] + "|" + f[4], 1, 0);
                }
                case "Link" -> {
                    assertThat(f).as("a link line: %s", line).hasSize(10);
                    add(sums, "L|" + f[1] + "|" + f[2] + "|" + f[6], 1, 0);
                }
                case "Variable" -> {
                    assertThat(f).as("a variable line: %s", line).hasSize(7);
                    double clip = clip(f[3], f[4], ws, we);
                    double v = Double.parseDouble(f[6]);
                    double[] a = sums.computeIfAbsent("V|" + f[1] + "|" + f[2],
                            k -> new double[] {0, 0, 0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY});
                    a[1] += clip;
                    a[2] += clip * v;
                    if (clip > 0) {
                        a[3] = Math.min(a[3], v);
                        a[4] = Math.max(a[4], v);
                    }
                }
                default -> {
                }
            }
        }
        if (!nested) {
            sums.keySet().removeIf(k -> !k.startsWith("S|"));
            sums.values().forEach(a -> a[0] = 0); // dump -i prints pieces: only the time compares
        } else {
            sums.values().removeIf(a -> a.length == 5 && a[1] == 0 && ws != we); // only touching the window
        }
        return sums;
    }

    private static double clip(String start, String end, double ws, double we) {
        return Math.max(0, Math.min(Double.parseDouble(end), we) - Math.max(Double.parseDouble(start), ws));
    }

    private static void add(Map<String, double[]> sums, String key, double count, double time) {
        double[] a = sums.computeIfAbsent(key, k -> new double[2]);
        a[0] += count;
        a[1] += time;
    }

    private static Map<String, double[]> fromStats(StatsResult r) {
        Map<String, double[]> sums = new HashMap<>();
        for (SubjectStats s : r.subjects()) {
            String c = s.container().name();
            for (StateStats st : s.states()) {
                for (StateValueStats v : st.values()) {
                    String key = "S|" + c + "|" + st.type().name() + "|" + v.value().name();
                    add(sums, key + "|all", v.count(), v.time());
                    for (StateValueStats.LevelStats l : v.levels()) {
                        add(sums, key + "|" + l.level(), l.count(), l.time());
                    }
                }
            }
            for (EventStats e : s.events()) {
                e.values().forEach(v -> add(sums, "E|" + c + "|" + e.type().name() + "|" + v.value().name(), v.count(), 0));
            }
            for (LinkStats l : s.links()) {
                l.values().stream().filter(v -> v.held() > 0).forEach(
                        v -> add(sums, "L|" + c + "|" + l.type().name() + "|" + v.value().name(), v.held(), 0));
            }
            for (VariableStats v : s.variables()) {
                double[] a = sums.computeIfAbsent("V|" + c + "|" + v.type().name(),
                        k -> new double[] {0, 0, 0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY});
                a[1] += v.time();
                a[2] += v.integral();
                if (v.time() > 0) {
                    a[3] = Math.min(a[3], v.min());
                    a[4] = Math.max(a[4], v.max());
                }
            }
        }
        return sums;
    }

    private static Map<String, double[]> innermostFromStats(StatsResult r) {
        Map<String, double[]> sums = new HashMap<>();
        for (SubjectStats s : r.subjects()) {
            for (StateStats st : s.states()) {
                for (StateValueStats v : st.values()) {
                    add(sums, "S|" + s.container().name() + "|" + st.type().name() + "|" + v.value().name() + "|top",
                            0, v.innermostTime());
                }
            }
        }
        return sums;
    }

    private static void compare(String where, Map<String, double[]> want, Map<String, double[]> got, double scale) {
        // Keys only one side has must be all zero there (a value that is never on top has no innermost time).
        for (String key : new TreeSet<>(union(want, got))) {
            double[] w = want.getOrDefault(key, new double[got.get(key) == null ? 5 : got.get(key).length]);
            double[] g = got.getOrDefault(key, new double[w.length]);
            assertThat(g.length).as("%s %s", where, key).isEqualTo(w.length);
            for (int i = 0; i < w.length; i++) {
                if (w.length == 5 && i >= 3 && (Double.isInfinite(w[i]) || Double.isInfinite(g[i]))) {
                    assertThat(g[i]).as("%s %s field %d", where, key, i).isEqualTo(w[i]);
                    continue;
                }
                double tolerance = 1e-9 * Math.max(Math.abs(w[i]), Math.abs(g[i])) + 1e-12 * Math.max(1, Math.abs(scale));
                assertThat(Math.abs(g[i] - w[i])).as("%s %s field %d: stats %s, dump %s", where, key, i, g[i], w[i])
                        .isLessThanOrEqualTo(tolerance);
            }
        }
    }

    private static java.util.Set<String> union(Map<String, double[]> a, Map<String, double[]> b) {
        java.util.Set<String> keys = new java.util.HashSet<>(a.keySet());
        keys.addAll(b.keySet());
        return keys;
    }
}
