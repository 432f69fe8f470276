package dev.paje.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.Corpus;
import dev.paje.TraceLoader;
import dev.paje.export.ParquetExport;
import dev.paje.export.parquet.Codec;
import dev.paje.export.parquet.ParquetOptions;
import dev.paje.store.Trace;
import dev.paje.store.TypeKind;
import dev.paje.testing.CorpusTests;
import dev.paje.testing.EventDefs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Parquet writer checked by another implementation: DuckDB reads every table back, and every
 * row and column equals the store's (doubles to the bit), on every trace of the shared corpus and on
 * generated traces that need many row groups, pages, nulls and the dictionary's PLAIN fallback.
 */
class ParquetReadBackTest {
    @TempDir
    Path dir;

    static Trace load(Path trace) throws IOException {
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(trace);
        assertThat(loaded.valid()).as("%s loads: %s", trace, loaded.problems()).isTrue();
        return loaded.trace();
    }

    /** Exports {@code trace} into {@code out} and compares every table read back by DuckDB with the store. */
    static void check(Trace trace, Path out, ParquetOptions options) throws IOException, SQLException {
        check(trace, out, options, 1);
    }

    static void check(Trace trace, Path out, ParquetOptions options, int threads) throws IOException, SQLException {
        Files.createDirectories(out);
        new ParquetExport(trace, options).write(out, threads);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            compare(c, out, "containers.parquet", StoreRows.containers(trace));
            compare(c, out, "states.parquet", StoreRows.entities(trace, TypeKind.STATE));
            compare(c, out, "events.parquet", StoreRows.entities(trace, TypeKind.EVENT));
            compare(c, out, "links.parquet", StoreRows.entities(trace, TypeKind.LINK));
            compare(c, out, "variables.parquet", StoreRows.entities(trace, TypeKind.VARIABLE));
            assertThat(count(c, out, "types.parquet")).isEqualTo(trace.types().size());
            long values = trace.types().stream().mapToLong(t -> t.values().size()).sum();
            assertThat(count(c, out, "type_values.parquet")).isEqualTo(values);
        }
    }

    private static long count(Connection c, Path out, String file) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM read_parquet('" + out.resolve(file) + "')")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void compare(Connection c, Path out, String file, List<List<Object>> expected) throws SQLException {
        List<List<Object>> actual = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT * FROM read_parquet('" + out.resolve(file) + "')")) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<Object> row = new ArrayList<>(n);
                for (int i = 1; i <= n; i++) {
                    row.add(rs.getObject(i));
                }
                actual.add(row);
            }
        }
        assertThat(actual).as(file).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i)).as("%s row %d", file, i).isEqualTo(expected.get(i));
        }
    }

    @TestFactory
    Stream<DynamicTest> everyValidTraceOfTheCorpusReadsBack() throws IOException {
        return CorpusTests.each(Corpus.traces("valid"), t -> {
            try (Trace trace = load(t)) {
                check(trace, dir.resolve(t.getFileName().toString()), ParquetOptions.DEFAULT);
            }
        });
    }

    /** A trace with thousands of containers' worth of rows, unique link keys and sparse user fields. */
    static Path generated(Path at, int events, long seed) throws IOException {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder();
        sb.append(EventDefs.of("""
                PajeDefineContainerType 1 Alias Type Name
                PajeDefineStateType 2 Alias Type Name
                PajeDefineEventType 3 Alias Type Name
                PajeDefineVariableType 4 Alias Type Name
                PajeDefineLinkType 5 Alias Type StartContainerType EndContainerType Name
                PajeCreateContainer 6 Time Alias Type Container Name
                PajePushState 7 Time Type Container Value
                PajePopState 8 Time Type Container
                PajeNewEvent 9 Time Type Container Value Tag
                PajeSetVariable 10 Time Type Container Value:double
                PajeStartLink 11 Time Type Container StartContainer Value Key
                PajeEndLink 12 Time Type Container EndContainer Value Key
                PajeNewEvent 13 Time Type Container Value
                """)).append("""
                1 P 0 Process
                2 S P "Thread State"
                3 E P Mark
                4 V P Load
                5 L 0 P P Message
                """);
        int containers = 40;
        for (int i = 0; i < containers; i++) {
            sb.append("6 0 p").append(i).append(" P 0 \"proc ").append(i).append("\"\n");
        }
        double t = 0;
        int[] depth = new int[containers];
        for (int k = 0; k < events; k++) {
            t += r.nextInt(1000) * 1e-6;
            String time = String.format(java.util.Locale.ROOT, "%.6f", t);
            int c = r.nextInt(containers);
            switch (r.nextInt(6)) {
                case 0 -> {
                    sb.append("7 ").append(time).append(" S p").append(c).append(" v").append(r.nextInt(7)).append('\n');
                    depth[c]++;
                }
                case 1 -> {
                    if (depth[c] > 0) {
                        sb.append("8 ").append(time).append(" S p").append(c).append('\n');
                        depth[c]--;
                    }
                }
                case 2 -> sb.append("9 ").append(time).append(" E p").append(c).append(" m").append(r.nextInt(3))
                        .append(" tag-with-a-long-unique-suffix-").append(k).append('\n'); // unique, 1.5 MB: PLAIN fallback
                case 3 -> sb.append("13 ").append(time).append(" E p").append(c).append(" plain\n"); // no Tag: null
                case 4 -> sb.append("10 ").append(time).append(" V p").append(c).append(' ').append(r.nextInt(100)).append('\n');
                default -> {
                    int to = r.nextInt(containers);
                    sb.append("11 ").append(time).append(" L 0 p").append(c).append(" msg k").append(k).append('\n');
                    sb.append("12 ").append(time).append(" L 0 p").append(to).append(" msg k").append(k).append('\n');
                }
            }
        }
        Files.writeString(at, sb.toString(), StandardCharsets.UTF_8);
        return at;
    }

    @Test
    void manyRowGroupsPagesNullsAndUniqueValuesReadBack() throws Exception {
        Path trace = generated(dir.resolve("gen.trace"), 200_000, 19);
        try (Trace t = load(trace)) {
            check(t, dir.resolve("small-groups"), ParquetOptions.DEFAULT.withSizes(5_000, 700));
            check(t, dir.resolve("uncompressed"), ParquetOptions.DEFAULT.withCodec(Codec.NONE));
            check(t, dir.resolve("plain-doubles"), ParquetOptions.DEFAULT.withSplitDoubles(false));
            check(t, dir.resolve("three-threads"), ParquetOptions.DEFAULT.withRowGroupBytes(3 << 20), 3);
        }
    }

    @Test
    void pagesCompressedByThePoolReadBackAndAreTheBytesOfOneThread() throws Exception {
        Path trace = generated(dir.resolve("gen.trace"), 100_000, 23);
        try (Trace t = load(trace)) {
            // many small pages in flight on the pool at once; 1 MiB groups stay 1 MiB per file with 2 threads
            ParquetOptions small = ParquetOptions.DEFAULT.withSizes(50_000, 700).withRowGroupBytes(1 << 20);
            check(t, dir.resolve("pool"), small, 2);
            Path one = Files.createDirectories(dir.resolve("one-thread"));
            new ParquetExport(t, small).write(one, 1);
            for (String f : ParquetExport.FILES) {
                assertThat(Files.mismatch(dir.resolve("pool").resolve(f), one.resolve(f))).as(f).isEqualTo(-1L);
            }
        }
    }
}
