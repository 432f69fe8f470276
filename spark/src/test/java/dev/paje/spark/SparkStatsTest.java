package dev.paje.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.CachePolicy;
import dev.paje.TraceLoader;
import dev.paje.export.ParquetExport;
import dev.paje.export.parquet.ParquetOptions;
import dev.paje.stats.EventStats;
import dev.paje.stats.LinkStats;
import dev.paje.stats.StateStats;
import dev.paje.stats.StateValueStats;
import dev.paje.stats.Stats;
import dev.paje.stats.StatsOptions;
import dev.paje.stats.StatsResult;
import dev.paje.stats.SubjectStats;
import dev.paje.stats.VariableStats;
import dev.paje.store.DisplayNames;
import dev.paje.store.Trace;
import dev.paje.testing.CorpusTests;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spark SQL's statistics equal core's {@code Stats} (whole trace, per container): every state value's
 * count and time, event counts, links held/sent/received, variables' time/min/max/mean/integral.
 */
class SparkStatsTest {
    private static final List<String> SHARED = List.of("pajeng-states.trace", "pajeng-events.trace",
            "pajeng-links.trace", "pajeng-variables.trace", "pajeng-gattaca.trace", "pajeng-simu-mardi.trace",
            "simgrid-smpi-replay-replay.trace", "poti-states.trace");

    @RegisterExtension
    static final LocalSpark SPARK = new LocalSpark("paje-spark-stats-test");

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> sparkStatsEqualCoreStatsOnSharedTraces() {
        return CorpusTests.eachValid(SHARED, t -> compare(t));
    }

    @Test
    void theSmallTraceMatches() throws IOException {
        Path t = Files.writeString(dir.resolve("small.trace"), SparkEqualsExportTest.SMALL, StandardCharsets.UTF_8);
        Map<String, String> expected = compare(t);
        assertThat(expected).containsKeys("states 1 State Run", "links 2 Message m", "variables 1 Load");
    }

    /** Compares; the figures core computed, keyed "kind container type [value]". */
    private Map<String, String> compare(Path trace) throws IOException {
        Trace loaded = TraceLoader.builder().cache(CachePolicy.off()).build().load(trace).trace();
        Path tables = dir.resolve(trace.getFileName() + ".tables");
        new ParquetExport(loaded, ParquetOptions.DEFAULT).write(Files.createDirectories(tables));
        Map<String, String> expected = expected(Stats.compute(loaded, StatsOptions.defaults()));
        Map<String, String> actual = new TreeMap<>();
        for (Map.Entry<String, Dataset<Row>> e : SparkStats.compute(SPARK.session(), tables).entrySet()) {
            for (Row r : e.getValue().collectAsList()) {
                String key = e.getKey() + " " + r.getInt(0) + " " + r.getString(2);
                switch (e.getKey()) {
                    case "states" -> actual.put(key + " " + r.getString(3), r.getLong(4) + " " + round(r.getDouble(5)));
                    case "events" -> actual.put(key + " " + r.getString(3), String.valueOf(r.getLong(4)));
                    case "links" -> actual.put(key + " " + r.getString(3), r.getLong(4) + " " + r.getLong(5) + " " + r.getLong(6));
                    default -> actual.put(key, round(r.getDouble(3)) + " " + round(r.getDouble(4)) + " "
                            + round(r.getDouble(5)) + " " + round(r.getDouble(6)) + " " + round(r.getDouble(7)));
                }
            }
        }
        assertThat(actual).as(trace.toString()).isEqualTo(expected);
        return expected;
    }

    private static Map<String, String> expected(StatsResult result) {
        Map<String, String> out = new TreeMap<>();
        for (SubjectStats s : result.subjects()) {
            int c = s.container().id();
            for (StateStats st : s.states()) {
                for (StateValueStats v : st.values()) {
                    out.put("states " + c + " " + name(st.type().name()) + " " + name(v.value().name()),
                            v.count() + " " + round(v.time()));
                }
            }
            for (EventStats ev : s.events()) {
                for (EventStats.ValueCount v : ev.values()) {
                    out.put("events " + c + " " + name(ev.type().name()) + " " + name(v.value().name()),
                            String.valueOf(v.count()));
                }
            }
            for (LinkStats l : s.links()) {
                for (LinkStats.LinkValueStats v : l.values()) {
                    out.put("links " + c + " " + name(l.type().name()) + " " + name(v.value().name()),
                            v.held() + " " + v.sent() + " " + v.received());
                }
            }
            for (VariableStats v : s.variables()) {
                out.put("variables " + c + " " + name(v.type().name()), round(v.time()) + " " + round(v.min()) + " "
                        + round(v.max()) + " " + round(v.mean()) + " " + round(v.integral()));
            }
        }
        return out;
    }

    private static String name(String s) {
        return DisplayNames.name(s);
    }

    /** Sums are added in another order by Spark: equal to 12 significant digits. */
    private static String round(double x) {
        return String.format(java.util.Locale.ROOT, "%.12g", x);
    }
}
