package dev.paje.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.CachePolicy;
import dev.paje.SyntheticTrace;
import dev.paje.TraceLoader;
import dev.paje.query.PixelGrid;
import dev.paje.query.PointSampler;
import dev.paje.query.StateSampler;
import dev.paje.query.VariableSampler;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Summaries (of states, variables and events) are built when the store is sealed, kept in its cache, and read back the same. */
class StateSummaryCacheTest {
    @TempDir
    Path dir;

    private TraceLoader loader() {
        return TraceLoader.builder().summaries(true).cache(new CachePolicy(true, 0, dir.resolve("cache"))).build();
    }

    private static String sample(Trace trace, int width, boolean summaries, List<Integer> levels) {
        StringBuilder out = new StringBuilder();
        StateSampler s = new StateSampler(new PixelGrid(trace.start(), trace.end(), width), trace.end()).summaries(summaries);
        for (StateTable t : StoreTables.of(trace, StateTable.class)) {
            s.sample(t);
            levels.add(s.summaryLevel());
            for (int i = 0; i < s.itemCount(); i++) {
                out.append(s.itemRow.get(i)).append(' ').append(s.itemStart.get(i)).append(' ').append(s.itemValue.get(i)).append('\n');
            }
            for (int c = 0; c < s.cellCount(); c++) {
                out.append(s.cellPx.get(c)).append('/').append(s.cellLevel.get(c)).append(':');
                for (int k = s.cellFirst.get(c), e = k + s.cellCount.get(c); k < e; k++) {
                    out.append(' ').append(s.shareValue.get(k)).append('=').append(String.format("%.9f", s.share.get(k)));
                }
                out.append('\n');
            }
        }
        return out.toString();
    }

    /** {@code b} (read back) has the levels of {@code a} (as built): widths, bucket rows and long lists. */
    private static void assertSameLevels(Pyramid a, Pyramid b) {
        assertThat(b.levels()).isEqualTo(a.levels());
        for (int k = 0; k < a.levels(); k++) {
            assertThat(b.width(k)).isEqualTo(a.width(k));
            assertThat(b.entries(k)).isEqualTo(a.entries(k));
            assertThat(b.longCount(k)).isEqualTo(a.longCount(k));
        }
    }

    @Test
    void summariesRoundTripThroughTheCache() throws IOException {
        Path trace = SyntheticTrace.write(dir.resolve("big.trace"), 1, 2, 3000, 11);
        TraceLoader.Loaded first = loader().load(trace);
        assertThat(first.fromCache()).isFalse();
        List<StateTable> tables = StoreTables.of(first.trace(), StateTable.class);
        assertThat(tables).isNotEmpty().allSatisfy(t -> {
            assertThat(t.size()).isGreaterThanOrEqualTo(StateSummary.MIN_ROWS);
            assertThat(t.summary()).isNotNull();
            assertThat(t.summary().levels()).isGreaterThan(3);
        });
        List<Integer> levels = new ArrayList<>();
        String fresh = sample(first.trace(), 50, true, levels);
        assertThat(levels).allSatisfy(l -> assertThat(l).isGreaterThanOrEqualTo(0));

        TraceLoader.Loaded again = loader().load(trace);
        assertThat(again.fromCache()).isTrue();
        List<StateTable> cached = StoreTables.of(again.trace(), StateTable.class);
        for (int i = 0; i < tables.size(); i++) {
            assertSameLevels(tables.get(i).summary(), cached.get(i).summary());
        }
        List<Integer> levelsAgain = new ArrayList<>();
        assertThat(sample(again.trace(), 50, true, levelsAgain)).isEqualTo(fresh);
        assertThat(levelsAgain).isEqualTo(levels);
        first.trace().close();
        again.trace().close();
    }

    /** What the variable and event samplers draw of every summarized table over the whole trace. */
    private static String samplePoints(Trace trace, int width) {
        StringBuilder out = new StringBuilder();
        PixelGrid grid = new PixelGrid(trace.start(), trace.end(), width);
        VariableSampler v = new VariableSampler(grid, trace.end());
        PointSampler p = new PointSampler(grid);
        for (EntityTable t : StoreTables.all(trace)) {
            if (t instanceof VariableTable vt) {
                v.sample(vt);
                out.append('L').append(v.summaryLevel()).append(' ').append(v.itemRow.size()).append(' ');
                for (int i = 0; i < v.cellPx.size(); i++) {
                    out.append(v.cellPx.get(i)).append(':').append(v.cellMin.get(i)).append('/').append(v.cellMax.get(i))
                            .append('/').append(v.cellLast.get(i)).append(' ');
                }
            } else if (t instanceof EventTable et) {
                p.sample(et);
                out.append('L').append(p.summaryLevel()).append(' ').append(p.rows.size()).append(' ');
                for (int i = 0; i < p.countPx.size(); i++) {
                    out.append(p.countPx.get(i)).append(':').append(p.count.get(i)).append(' ');
                }
            }
            out.append('\n');
        }
        return out.toString();
    }

    @Test
    void variableAndEventSummariesRoundTripThroughTheCache() throws IOException {
        Path trace = SyntheticTrace.write(dir.resolve("points.trace"), 1, 1, 14_000, 12);
        TraceLoader.Loaded first = loader().load(trace);
        List<EntityTable> fresh = StoreTables.all(first.trace());
        assertThat(fresh).anySatisfy(t -> assertThat(t).isInstanceOfSatisfying(VariableTable.class, v -> assertThat(v.summary()).isNotNull()));
        assertThat(fresh).anySatisfy(t -> assertThat(t).isInstanceOfSatisfying(EventTable.class, e -> assertThat(e.summary()).isNotNull()));
        String drawn = samplePoints(first.trace(), 40);
        assertThat(drawn).containsPattern("L[0-9]"); // some tables were drawn from a summary

        TraceLoader.Loaded again = loader().load(trace);
        assertThat(again.fromCache()).isTrue();
        List<EntityTable> cached = StoreTables.all(again.trace());
        for (int i = 0; i < fresh.size(); i++) {
            Pyramid a = fresh.get(i).pyramid;
            Pyramid b = cached.get(i).pyramid;
            assertThat(b == null).isEqualTo(a == null);
            if (a != null) {
                assertThat(b.getClass()).isEqualTo(a.getClass());
                assertSameLevels(a, b);
            }
        }
        assertThat(samplePoints(again.trace(), 40)).isEqualTo(drawn);
        first.trace().close();
        again.trace().close();
    }

    @Test
    void smallTablesHaveNoSummary() throws IOException {
        Path trace = SyntheticTrace.write(dir.resolve("small.trace"), 2, 2, 50, 3);
        TraceLoader.Loaded loaded = loader().load(trace);
        assertThat(StoreTables.all(loaded.trace())).allSatisfy(t -> assertThat(t.pyramid).isNull());
        loaded.trace().close();
    }
}
