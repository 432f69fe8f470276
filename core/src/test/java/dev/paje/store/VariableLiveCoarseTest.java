package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.CachePolicy;
import dev.paje.TraceLoader;
import dev.paje.query.PixelGrid;
import dev.paje.query.VariableSampler;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first screen's variables' coarse levels accumulated while written ({@link VariableLiveCoarse}) against a plain
 * seal's summaries: while the progressive seal still holds the tables, the levels handed early are the plain seal's
 * levels of the same widths, row for row, all of those at least as coarse; a whole-trace view samples the same cells
 * from them; once sealed every summary is the plain one (its coarse levels the very rows handed early), and so is a
 * reopen's.
 */
class VariableLiveCoarseTest {
    @TempDir
    Path dir;

    @Test
    void earlyLevelsAreThePlainSealsAndTheSealReusesThem() throws IOException {
        Path trace = write(dir.resolve("v.trace"), 42);
        TraceLoader.Loaded plain = TraceLoader.builder().summaries(true).build().load(trace);
        assertThat(plain.problems()).isEmpty();
        Path cache = dir.resolve("cache");
        CountDownLatch hold = new CountDownLatch(1);
        TraceLoader.Loaded progressive = TraceLoader.builder().summaries(true).cache(new CachePolicy(true, 0, cache))
                .summariesFirst(0).summariesHeld(hold).build().load(trace); // the nodes' tables held: not the root's
        try (Trace a = progressive.trace(); Trace b = plain.trace()) {
            List<VariableTable> as = StoreTables.of(a, VariableTable.class);
            List<VariableTable> bs = StoreTables.of(b, VariableTable.class);
            assertThat(as).hasSameSizeAs(bs);
            List<VariableSummary> early = new ArrayList<>();
            int withEarly = 0;
            int served = 0;
            for (int i = 0; i < as.size(); i++) {
                VariableSummary e = as.get(i).coarse;
                early.add(e);
                if (e == null) {
                    continue;
                }
                withEarly++;
                VariableSummary ref = bs.get(i).summary();
                assertThat(ref).isNotNull();
                int from = ref.levelOf(e.width(0));
                assertThat(from).as("table %d: the early finest level is one of the seal's", i).isGreaterThanOrEqualTo(0);
                assertThat(e.levels()).as("table %d: every level from it up", i).isEqualTo(ref.levels() - from);
                for (int k = 0; k < e.levels(); k++) {
                    assertThat(e.width(k)).isEqualTo(ref.width(k + from));
                    sameRows(e.buckets[k], ref.buckets[k + from], "table " + i + " buckets " + k);
                    sameRows(e.longs[k], ref.longs[k + from], "table " + i + " longs " + k);
                }
                assertThat(e.traceEnd()).isEqualTo(ref.traceEnd());
                assertThat(e.origin()).isEqualTo(ref.origin());
                // the whole trace at 1500 pixels: the same level as the plain seal's when it reads one of these, then
                // the same cells from the early levels while the seal is held (else it waits for the summary)
                PixelGrid grid = new PixelGrid(0, a.end(), 1500);
                int k = e.levelFor(grid.pixel(), a.end(), as.get(i).size());
                int rk = ref.levelFor(grid.pixel(), b.end(), bs.get(i).size());
                assertThat(k >= 0).as("table %d: served early", i).isEqualTo(rk >= 0 && ref.width(rk) >= e.width(0));
                if (k >= 0) {
                    served++;
                    assertThat(e.width(k)).isEqualTo(ref.width(rk));
                    assertThat(as.get(i).pending).as("table %d: held", i).isNotNull();
                    assertThat(as.get(i).summary(grid.pixel())).as("table %d: served early", i).isSameAs(e);
                }
                VariableSampler x = new VariableSampler(grid, a.end()).sample(as.get(i));
                VariableSampler y = new VariableSampler(new PixelGrid(0, b.end(), 1500), b.end()).sample(bs.get(i));
                assertThat(x.cellPx.size()).isPositive();
                sameSamples(x, y, "table " + i);
                assertThat(as.get(i).range()).isEqualTo(bs.get(i).range());
            }
            assertThat(withEarly).as("the nodes' variables (not the deep ones'), fine and coarse").isEqualTo(3);
            assertThat(served).as("the large one (levels down to 2 steps per bucket) at 1500 pixels").isEqualTo(1);
            hold.countDown();
            a.summaryBuild().awaitSealed();
            for (int i = 0; i < as.size(); i++) {
                samePyramid(as.get(i).summary(), bs.get(i).summary(), "sealed table " + i);
                VariableSummary e = early.get(i);
                if (e != null) {
                    Pyramid p = as.get(i).summary();
                    for (int k = 0; k < e.levels(); k++) {
                        int j = p.levelOf(e.width(k));
                        assertThat(p.buckets[j]).as("the early rows reused").isSameAs(e.buckets[k]);
                        assertThat(p.longs[j]).isSameAs(e.longs[k]);
                    }
                }
            }
        }
        TraceLoader.Loaded reopened = TraceLoader.builder().summaries(true).cache(new CachePolicy(true, 0, cache))
                .build().load(trace);
        assertThat(reopened.fromCache()).isTrue();
        try (Trace r = reopened.trace(); Trace b = TraceLoader.builder().summaries(true).build().load(trace).trace()) {
            List<VariableTable> rs = StoreTables.of(r, VariableTable.class);
            List<VariableTable> bs = StoreTables.of(b, VariableTable.class);
            for (int i = 0; i < rs.size(); i++) {
                samePyramid(rs.get(i).summary(), bs.get(i).summary(), "reopened table " + i);
            }
        }
    }

    @Test
    void offTheSealSummarizesThemFirstAsBefore() throws IOException {
        Path trace = write(dir.resolve("w.trace"), 7);
        System.setProperty("paje.variables.live", "false");
        try {
            TraceLoader.Loaded loaded = TraceLoader.builder().summaries(true).summariesFirst(100).build().load(trace);
            try (Trace a = loaded.trace()) {
                for (VariableTable t : StoreTables.of(a, VariableTable.class)) {
                    assertThat(t.coarse).isNull();
                }
            }
        } finally {
            System.clearProperty("paje.variables.live");
        }
    }

    private static void samePyramid(Pyramid p, Pyramid q, String what) {
        assertThat(p == null).as(what).isEqualTo(q == null);
        if (p == null) {
            return;
        }
        assertThat(p.levels()).as(what).isEqualTo(q.levels());
        for (int k = 0; k < p.levels(); k++) {
            assertThat(p.width(k)).as(what).isEqualTo(q.width(k));
            sameRows(p.buckets[k], q.buckets[k], what + " buckets " + k);
            sameRows(p.longs[k], q.longs[k], what + " longs " + k);
        }
    }

    private static void sameSamples(VariableSampler x, VariableSampler y, String what) {
        assertThat(x.itemRow.size()).as(what).isEqualTo(y.itemRow.size());
        for (int i = 0; i < x.itemRow.size(); i++) {
            assertThat(x.itemRow.get(i)).as(what).isEqualTo(y.itemRow.get(i));
            assertThat(x.itemStart.get(i)).as(what).isEqualTo(y.itemStart.get(i));
            assertThat(x.itemEnd.get(i)).as(what).isEqualTo(y.itemEnd.get(i));
            assertThat(x.itemValue.get(i)).as(what).isEqualTo(y.itemValue.get(i));
        }
        assertThat(x.cellPx.size()).as(what).isEqualTo(y.cellPx.size());
        for (int i = 0; i < x.cellPx.size(); i++) {
            assertThat(x.cellPx.get(i)).as(what).isEqualTo(y.cellPx.get(i));
            assertThat(x.cellMin.get(i)).as(what).isEqualTo(y.cellMin.get(i));
            assertThat(x.cellMax.get(i)).as(what).isEqualTo(y.cellMax.get(i));
            assertThat(x.cellLast.get(i)).as(what).isEqualTo(y.cellLast.get(i));
        }
    }

    private static void sameRows(Rows a, Rows b, String what) {
        assertThat(a.size()).as(what + ": rows").isEqualTo(b.size());
        for (int r = 0; r < a.size(); r++) {
            for (int f = 0; f < a.stride(); f++) {
                if (a.get(r, f) != b.get(r, f)) {
                    assertThat(a.get(r, f)).as("%s: row %d field %d", what, r, f).isEqualTo(b.get(r, f));
                }
            }
        }
    }

    /**
     * Three nodes (depth 1) with a variable each: 70,000 steps (levels down to 2 per bucket), 6,000, and 5,000 ended
     * early by the node's destruction; short steps and some long ones (whole buckets, moved as the width doubles),
     * repeated times; and 120 threads (depth 2: beyond the first screen) with a small variable each.
     */
    static Path write(Path file, long seed) throws IOException {
        Random random = new Random(seed);
        record Line(double time, int order, String text) {
        }
        List<Line> lines = new ArrayList<>();
        int[] steps = {70_000, 6_000, 5_000};
        double end = 1000;
        for (int n = 0; n < steps.length; n++) {
            double t = 0;
            double scale = end / (steps[n] * 0.014); // over the whole trace
            for (int s = 0; s < steps[n] && t < end; s++) {
                lines.add(new Line(t, lines.size(), "14 " + time(t) + " n" + n + " V " + random.nextInt(1000) / 8.0));
                double d = random.nextInt(2000) == 0 ? random.nextDouble() * 20 : random.nextExponential() * 0.004;
                t += random.nextInt(20) == 0 ? 0 : d * scale; // some at the same time: the value replaced
            }
            if (n == 2) {
                lines.add(new Line(t + 1, lines.size(), "7 " + time(t + 1) + " N n" + n));
            }
        }
        for (int k = 0; k < 120; k++) {
            for (int s = 0; s < 100; s++) {
                double t = s * 8.0 + k * 0.01;
                lines.add(new Line(t, lines.size(), "14 " + time(t) + " t" + k + " U " + random.nextInt(100)));
            }
        }
        lines.sort(Comparator.comparingDouble(Line::time).thenComparingInt(Line::order));
        try (BufferedWriter out = Files.newBufferedWriter(file)) {
            out.write("%EventDef PajeDefineContainerType 0\n% Alias string\n% Type string\n% Name string\n%EndEventDef\n"
                    + "%EventDef PajeDefineVariableType 3\n% Alias string\n% Type string\n% Name string\n% Color color\n"
                    + "%EndEventDef\n"
                    + "%EventDef PajeCreateContainer 6\n% Time date\n% Alias string\n% Type string\n% Container string\n"
                    + "% Name string\n%EndEventDef\n"
                    + "%EventDef PajeDestroyContainer 7\n% Time date\n% Type string\n% Name string\n%EndEventDef\n"
                    + "%EventDef PajeSetVariable 14\n% Time date\n% Container string\n% Type string\n% Value double\n"
                    + "%EndEventDef\n");
            out.write("0 N 0 Node\n0 T N Thread\n3 V N Memory \"0.2 0.4 0.8\"\n3 U T Counter \"0.8 0.2 0.2\"\n");
            for (int n = 0; n < steps.length; n++) {
                out.write("6 0 n" + n + " N 0 node-" + n + "\n");
            }
            for (int k = 0; k < 120; k++) {
                out.write("6 0 t" + k + " T n" + (k % 2) + " thread-" + k + "\n");
            }
            for (Line l : lines) {
                out.write(l.text() + "\n");
            }
            out.write("14 " + time(end) + " n0 V 1\n");
        }
        return file;
    }

    private static String time(double t) {
        return String.format(Locale.ROOT, "%.6f", t);
    }
}
