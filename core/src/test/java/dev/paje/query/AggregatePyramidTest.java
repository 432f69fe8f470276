package dev.paje.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.TraceLoader;
import dev.paje.store.AggregateSummary;
import dev.paje.CachePolicy;
import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The aggregated rows read from the precomputed aggregates ({@link AggregateSummary}) against the raw sweep of the
 * members' rows (the reference, {@link AggregateSampler#states(Type, List)}), on seeded random traces of nested
 * states (many values, some left open, zero-length ones) and variables, loaded into a store: where pixel edges fall
 * on bucket edges, equal within float rounding; elsewhere, per pixel edge, at most one bucket's worth of member-time
 * moved across it (checked on the running sums over the pixels). Also after reopening the store from its cache.
 */
class AggregatePyramidTest {
    @TempDir
    Path dir;

    @Test
    void aggregatesEqualTheRowsWithinOneBucketPerPixelEdge() throws Exception {
        for (long seed = 1; seed <= 4; seed++) {
            Random r = new Random(seed);
            Path file = dir.resolve("t" + seed + ".trace");
            Files.writeString(file, randomTrace(r));
            for (boolean reopened : new boolean[] {false, true}) {
                TraceLoader.Loaded loaded = TraceLoader.builder().summaries(true)
                        .cache(new CachePolicy(true, 0, dir.resolve("cache"))).build().load(file);
                assertThat(loaded.problems()).isEmpty();
                try (Trace trace = loaded.trace()) {
                    check(trace, r, "seed " + seed + (reopened ? " reopened" : ""));
                }
            }
        }
        assertThat(fromAggregates[0]).as("aligned windows read from the aggregates").isGreaterThan(40);
        assertThat(fromAggregates[1]).as("other windows read from the aggregates").isGreaterThan(15);
    }

    /** Windows answered from the aggregates: pixel edges on bucket edges, and not. */
    private final int[] fromAggregates = new int[2];

    private void check(Trace trace, Random r, String what) {
        Type state = type(trace, "State");
        Type memory = type(trace, "Memory");
        Container big = trace.containers().stream().filter(c -> c.name().equals("n0")).findFirst().orElseThrow();
        Container small = trace.containers().stream().filter(c -> c.name().equals("n2")).findFirst().orElseThrow();
        assertThat(big.aggregate(state)).as(what).isNotNull();
        assertThat(big.aggregate(memory)).as(what).isNotNull();
        assertThat(small.aggregate(state)).as("a node with few rows has none, " + what).isNull();
        AggregateSummary rootAgg = trace.root().aggregate(state);
        assertThat(rootAgg).as(what).isNotNull();
        double end = trace.end();
        for (Container c : List.of(trace.root(), big)) {
            AggregateSummary agg = c.aggregate(state);
            assertThat(agg.origin()).isEqualTo(trace.start());
            for (int k = 0; k < 36; k++) {
                PixelGrid grid;
                boolean aligned = k % 3 == 0;
                if (aligned) { // pixel edges on bucket edges of some level
                    int level = r.nextInt(agg.levels());
                    double w = agg.width(level) * (1 << r.nextInt(3));
                    long buckets = (long) Math.floor((end - agg.origin()) / w);
                    if (buckets < 1) {
                        continue;
                    }
                    int width = 1 + r.nextInt((int) Math.min(buckets, 1500));
                    long from = (long) (r.nextDouble() * (buckets - width + 1));
                    grid = new PixelGrid(agg.origin() + from * w, agg.origin() + (from + width) * w, width);
                } else {
                    double a = k == 1 ? trace.start() : r.nextDouble() * end;
                    double b = k == 1 ? end : a + r.nextDouble() * (end - a);
                    grid = new PixelGrid(a, Math.max(b, a + 1e-3), 1 + r.nextInt(k % 2 == 0 ? 1500 : 12));
                }
                if (agg.levelFor(grid.pixel(), end) >= 0) {
                    fromAggregates[aligned ? 0 : 1]++;
                }
                String where = what + ", " + c.name() + ", window " + k + " " + grid.start() + ".." + grid.end() + " /"
                        + grid.width();
                compareStates(grid, end, state, c, aligned, where);
                compareVariables(grid, end, memory, c, aligned, where);
            }
        }
    }

    private static void compareStates(PixelGrid grid, double end, Type type, Container c, boolean aligned, String where) {
        List<Container> members = AggregateSampler.members(c, type);
        AggregateSampler raw = new AggregateSampler(grid, end).states(type, members);
        AggregateSampler got = new AggregateSampler(grid, end).states(type, c, members);
        assertThat(got.members).isEqualTo(raw.members);
        AggregateSummary agg = c.aggregate(type);
        int level = agg.levelFor(grid.pixel(), end);
        double[][] a = numbers(got, grid.width(), type.values().size());
        double[][] b = numbers(raw, grid.width(), type.values().size());
        assertThat(alive(got, grid.width())).as(where).containsExactly(alive(raw, grid.width()));
        double eps = 1e-9 * raw.members * Math.max(1, grid.width());
        // one bucket's worth of every member's time, in pixels: what may move across a pixel edge
        double bucket = level < 0 ? 0 : raw.members * agg.width(level) / grid.pixel();
        for (int v = 0; v < a.length; v++) {
            double run = 0;
            for (int p = 0; p < grid.width(); p++) {
                if (aligned || level < 0) {
                    assertThat(a[v][p]).as("value %d pixel %d, %s", v, p, where).isCloseTo(b[v][p], org.assertj.core.data.Offset.offset(eps));
                }
                run += a[v][p] - b[v][p];
                // the window's start edge and pixel p's right edge
                assertThat(Math.abs(run)).as("running sum, value %d pixel %d, %s", v, p, where).isLessThanOrEqualTo(2 * bucket + eps);
            }
        }
    }

    private static void compareVariables(PixelGrid grid, double end, Type type, Container c, boolean aligned, String where) {
        List<Container> members = AggregateSampler.members(c, type);
        AggregateSampler raw = new AggregateSampler(grid, end).variables(type, members);
        AggregateSampler got = new AggregateSampler(grid, end).variables(type, c, members);
        assertThat(got.members).isEqualTo(raw.members);
        AggregateSummary agg = c.aggregate(type);
        int level = agg.levelFor(grid.pixel(), end);
        double[] a = perPixel(got, got.sum, grid.width());
        double[] b = perPixel(raw, raw.sum, grid.width());
        double max = 1000 / 8.0; // the largest value the traces set
        double eps = 1e-9 * max * raw.members * Math.max(1, grid.width());
        double bucket = level < 0 ? 0 : max * raw.members * agg.width(level) / grid.pixel();
        double run = 0;
        for (int p = 0; p < grid.width(); p++) {
            if (aligned || level < 0) {
                assertThat(a[p]).as("sum, pixel %d, %s", p, where).isCloseTo(b[p], org.assertj.core.data.Offset.offset(eps));
            }
            run += a[p] - b[p];
            assertThat(Math.abs(run)).as("running sum of sums, pixel %d, %s", p, where).isLessThanOrEqualTo(2 * bucket + eps);
        }
        if (aligned || level < 0) {
            double[] ma = perPixel(got, got.mean, grid.width());
            double[] mb = perPixel(raw, raw.mean, grid.width());
            for (int p = 0; p < grid.width(); p++) {
                assertThat(ma[p]).as("mean, pixel %d, %s", p, where).isCloseTo(mb[p], org.assertj.core.data.Offset.offset(1e-6 * max));
            }
        }
    }

    /** Per value, per pixel: the mean number of members with it on top. */
    private static double[][] numbers(AggregateSampler s, int width, int values) {
        double[][] out = new double[values][width];
        for (int i = 0; i < s.px.size(); i++) {
            for (int k = s.cellFirst.get(i), e = k + s.cellCount.get(i); k < e; k++) {
                out[s.value.get(k)][s.px.get(i)] = s.number.get(k);
            }
        }
        return out;
    }

    private static double[] alive(AggregateSampler s, int width) {
        double[] out = new double[width];
        for (int i = 0; i < s.px.size(); i++) {
            out[s.px.get(i)] = s.alive.get(i);
        }
        return out;
    }

    private static double[] perPixel(AggregateSampler s, DoubleColumn c, int width) {
        double[] out = new double[width];
        for (int i = 0; i < s.px.size(); i++) {
            out[s.px.get(i)] = c.get(i);
        }
        return out;
    }

    private static Type type(Trace trace, String name) {
        return trace.types().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
    }

    /**
     * Nodes n0 (many threads), n1, n2 (one thread, few states: no aggregate of its own) under the root; threads push
     * and pop 20 values 5 deep at most at random times (equal times too: zero-length states), some left open, and
     * set a variable.
     */
    static String randomTrace(Random r) {
        StringBuilder s = new StringBuilder(String.join("\n",
                "%EventDef PajeDefineContainerType 0", "% Alias string", "% Type string", "% Name string", "%EndEventDef",
                "%EventDef PajeDefineStateType 1", "% Alias string", "% Type string", "% Name string", "%EndEventDef",
                "%EventDef PajeDefineVariableType 3", "% Alias string", "% Type string", "% Name string", "%EndEventDef",
                "%EventDef PajeCreateContainer 6", "% Time date", "% Alias string", "% Type string", "% Container string",
                "% Name string", "%EndEventDef",
                "%EventDef PajeSetVariable 8", "% Time date", "% Container string", "% Type string", "% Value double", "%EndEventDef",
                "%EventDef PajePushState 11", "% Time date", "% Container string", "% Type string", "% Value string", "%EndEventDef",
                "%EventDef PajePopState 12", "% Time date", "% Container string", "% Type string", "%EndEventDef",
                "0 N 0 Node", "0 T N Thread", "1 S T State", "3 M T Memory",
                "6 0 n0 N 0 n0", "6 0 n1 N 0 n1", "6 0 n2 N 0 n2", ""));
        int threads = 6 + r.nextInt(4);
        String[] node = new String[threads];
        double[] time = new double[threads];
        int[] depth = new int[threads];
        for (int t = 0; t < threads; t++) {
            node[t] = t == threads - 1 ? "n2" : t % 3 == 2 ? "n1" : "n0";
            time[t] = t == 0 ? 0 : r.nextInt(50);
        }
        boolean[] created = new boolean[threads];
        double now = 0;
        for (int step = 0; step < 60_000; step++) {
            int t = r.nextInt(threads);
            if (t == threads - 1 && r.nextInt(40) != 0) {
                continue; // n2's thread: few rows
            }
            now += r.nextInt(4) == 0 ? 0 : r.nextDouble() * (r.nextInt(50) == 0 ? 20 : 1);
            if (!created[t]) {
                if (now < time[t]) {
                    continue;
                }
                s.append("6 ").append(now).append(" t").append(t).append(" T ").append(node[t]).append(" t").append(t).append('\n');
                created[t] = true;
            }
            int op = r.nextInt(10);
            if (op < 4 && depth[t] < 5) {
                s.append("11 ").append(now).append(" t").append(t).append(" S v").append(r.nextInt(20)).append('\n');
                depth[t]++;
            } else if (op < 8 && depth[t] > 0) {
                s.append("12 ").append(now).append(" t").append(t).append(" S\n");
                depth[t]--;
            } else if (op >= 8) {
                s.append("8 ").append(now).append(" t").append(t).append(" M ").append(r.nextInt(1000) / 8.0).append('\n');
            }
        }
        return s.toString(); // states still pushed stay open: NaN ends
    }

    /** The aggregates' rows counted: they stay a small part of the members' rows. */
    @Test
    void aggregatesStaySmall() throws Exception {
        Path file = dir.resolve("small.trace");
        Files.writeString(file, randomTrace(new Random(7)));
        try (Trace trace = TraceLoader.builder().summaries(true).build().load(file).trace()) {
            List<Long> sizes = new ArrayList<>();
            for (Container c : trace.containers()) {
                for (Type t : trace.types()) {
                    AggregateSummary a = c.aggregate(t);
                    if (a != null) {
                        long rows = 0;
                        for (Container m : AggregateSampler.members(c, t)) {
                            rows += m.table(t).size();
                        }
                        assertThat(a.entries() * 8).as("%s %s", c.name(), t.name()).isLessThanOrEqualTo(rows);
                        assertThat(a.levels()).isGreaterThan(1);
                        sizes.add(a.entries());
                    }
                }
            }
            assertThat(sizes).hasSizeGreaterThanOrEqualTo(4); // root and n0, states and variables
        }
    }
}
