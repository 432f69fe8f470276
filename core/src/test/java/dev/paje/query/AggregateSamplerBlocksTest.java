package dev.paje.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The aggregate read a block at a time ({@link Window#states(StateTable, double, double, long[], Window.StateFields)})
 * gives exactly, bit for bit, what the row-at-a-time sweep it replaced gave (kept here as the reference), on seeded
 * random traces of nested states and variables loaded into a store (blocks of 256 rows, read past the block cache),
 * over the whole trace and random windows.
 */
class AggregateSamplerBlocksTest {
    @TempDir
    Path dir;

    @Test
    void blockReadsGiveTheRowAtATimeAnswersExactly() throws Exception {
        for (long seed = 1; seed <= 4; seed++) {
            Random r = new Random(seed);
            Path file = dir.resolve("t" + seed + ".trace");
            Files.writeString(file, randomTrace(r));
            TraceLoader.Loaded loaded = TraceLoader.builder().build().load(file);
            assertThat(loaded.problems()).isEmpty();
            Trace trace = loaded.trace();
            Container node = trace.containers().stream().filter(c -> c.name().equals("n")).findFirst().orElseThrow();
            Type state = type(trace, "State");
            Type memory = type(trace, "Memory");
            List<Container> members = AggregateSampler.members(node, state);
            assertThat(members).hasSizeGreaterThan(3);
            assertThat(((StateTable) members.get(0).table(state)).size()).isGreaterThan(16 * 256); // many blocks
            double end = trace.end();
            for (int k = 0; k < 12; k++) {
                double a = k == 0 ? 0 : r.nextDouble() * end;
                double b = k == 0 ? end : a + r.nextDouble() * (end - a);
                PixelGrid grid = new PixelGrid(a, Math.max(b, a + 1e-3), 1 + r.nextInt(1500));
                AggregateSampler got = new AggregateSampler(grid, end).states(state, members);
                assertThat(columns(got)).as("states, seed %d, window %d", seed, k).isEqualTo(referenceStates(grid, end, state, members));
                got = new AggregateSampler(grid, end).variables(memory, AggregateSampler.members(node, memory));
                assertThat(columns(got)).as("variables, seed %d, window %d", seed, k)
                        .isEqualTo(referenceVariables(grid, end, memory, AggregateSampler.members(node, memory)));
            }
        }
    }

    private static Type type(Trace trace, String name) {
        return trace.types().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
    }

    /** Threads t0.. under node n, created at random times, pushing and popping values 4 deep at most, some left open. */
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
                "0 N 0 Node", "0 T N Thread", "1 S T State", "3 M T Memory", "6 0 n N 0 n", ""));
        int threads = 4 + r.nextInt(4);
        double[] time = new double[threads];
        int[] depth = new int[threads];
        for (int t = 0; t < threads; t++) {
            time[t] = t == 0 ? 0 : r.nextInt(50);
        }
        boolean[] created = new boolean[threads];
        double now = 0;
        for (int step = 0; step < 80_000; step++) {
            int t = r.nextInt(threads);
            now += r.nextInt(4) == 0 ? 0 : r.nextDouble(); // equal times too
            if (!created[t]) {
                if (now < time[t]) {
                    continue;
                }
                s.append("6 ").append(now).append(" t").append(t).append(" T n t").append(t).append('\n');
                created[t] = true;
            }
            int op = r.nextInt(10);
            if (op < 4 && depth[t] < 4) {
                s.append("11 ").append(now).append(" t").append(t).append(" S v").append(r.nextInt(6)).append('\n');
                depth[t]++;
            } else if (op < 8 && depth[t] > 0) {
                s.append("12 ").append(now).append(" t").append(t).append(" S\n");
                depth[t]--;
            } else if (op == 9) {
                s.append("8 ").append(now).append(" t").append(t).append(" M ").append(r.nextInt(1000) / 8.0).append('\n');
            }
        }
        return s.toString(); // states still pushed stay open: NaN ends
    }

    /** Every column of an aggregate, as lists to compare (exactly: doubles by their bits). */
    private static List<List<?>> columns(AggregateSampler a) {
        return List.of(List.of(a.members), ints(a.px), doubles(a.alive), ints(a.cellFirst), ints(a.cellCount), ints(a.value),
                doubles(a.number), doubles(a.sum), doubles(a.mean));
    }

    private static List<Integer> ints(IntColumn c) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < c.size(); i++) {
            out.add(c.get(i));
        }
        return out;
    }

    private static List<Long> doubles(DoubleColumn c) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < c.size(); i++) {
            out.add(Double.doubleToRawLongBits(c.get(i)));
        }
        return out;
    }

    // ---- the reference: the sampler as it was, a field at a time through Window's row loops

    private static List<List<?>> referenceStates(PixelGrid grid, double traceEnd, Type type, List<Container> members) {
        AggregateSampler out = new AggregateSampler(grid, traceEnd);
        PixelSpread life = new PixelSpread(grid);
        PixelSpread[] byValue = new PixelSpread[Math.max(1, type.values().size())];
        for (Container m : members) {
            if (m.table(type) instanceof StateTable t) {
                out.members++;
                life.add(m.start(), m.isOpen() || Double.isNaN(m.end()) ? traceEnd : m.end(), 1);
                int[] stackValue = new int[64];
                double[] stackEnd = new double[64];
                int[] depth = {0};
                double[] cursor = {Double.NEGATIVE_INFINITY};
                Window.states(t, grid.start(), grid.end(), row -> {
                    double s = t.start(row);
                    double e = t.end(row);
                    e = Double.isNaN(e) ? traceEnd : e;
                    int level = Math.max(0, t.level(row));
                    while (depth[0] > 0 && (depth[0] > level || stackEnd[depth[0] - 1] <= s)) {
                        depth[0]--;
                        spread(byValue, grid, stackValue[depth[0]], cursor[0], stackEnd[depth[0]]);
                        cursor[0] = Math.max(cursor[0], stackEnd[depth[0]]);
                    }
                    if (depth[0] > 0) {
                        spread(byValue, grid, stackValue[depth[0] - 1], cursor[0], s);
                    }
                    cursor[0] = s;
                    stackValue[depth[0]] = t.value(row);
                    stackEnd[depth[0]++] = e;
                });
                while (depth[0] > 0) {
                    depth[0]--;
                    spread(byValue, grid, stackValue[depth[0]], cursor[0], stackEnd[depth[0]]);
                    cursor[0] = Math.max(cursor[0], stackEnd[depth[0]]);
                }
            }
        }
        double[] alive = life.sums();
        for (int p = 0; p < grid.width(); p++) {
            int first = out.value.size();
            for (int v = 0; v < byValue.length; v++) {
                if (byValue[v] != null && byValue[v].sums()[p] > 0) {
                    out.value.add(v);
                    out.number.add(byValue[v].sums()[p]);
                }
            }
            if (alive[p] > 0 || out.value.size() > first) {
                out.px.add(p);
                out.alive.add(alive[p]);
                out.cellFirst.add(first);
                out.cellCount.add(out.value.size() - first);
            }
        }
        return columns(out);
    }

    private static void spread(PixelSpread[] byValue, PixelGrid grid, int v, double a, double b) {
        if (v < 0 || !(b > a)) {
            return;
        }
        if (byValue[v] == null) {
            byValue[v] = new PixelSpread(grid);
        }
        byValue[v].add(a, b, 1);
    }

    private static List<List<?>> referenceVariables(PixelGrid grid, double traceEnd, Type type, List<Container> members) {
        AggregateSampler out = new AggregateSampler(grid, traceEnd);
        PixelSpread integral = new PixelSpread(grid);
        PixelSpread defined = new PixelSpread(grid);
        for (Container m : members) {
            if (m.table(type) instanceof VariableTable t) {
                out.members++;
                Window.variables(t, grid.start(), grid.end(), row -> {
                    double e = t.end(row);
                    e = Double.isNaN(e) ? traceEnd : e;
                    integral.add(t.start(row), e, t.value(row));
                    defined.add(t.start(row), e, 1);
                });
            }
        }
        double[] in = integral.sums();
        double[] on = defined.sums();
        for (int p = 0; p < grid.width(); p++) {
            if (on[p] > 1e-12) {
                out.px.add(p);
                out.sum.add(in[p]);
                out.mean.add(in[p] / on[p]);
            }
        }
        return columns(out);
    }
}
