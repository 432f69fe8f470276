package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.export.ParquetExport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code paje export -f parquet}: seven files DuckDB reads, the same rows as {@code -f csv} (every
 * value of the bundled example compared as text), and the directory rules of the CSV export.
 */
class ExportParquetTest {
    @TempDir
    Path dir;

    @Test
    void parquetHoldsTheRowsOfTheCsvExport() throws Exception {
        Path csv = dir.resolve("csv");
        assertThat(CliRun.run("export", "../examples/hello.trace", "-f", "csv", "-o", csv.toString()).exit()).isZero();
        for (String option : new String[] {"default", "gzip", "zstd", "none"}) {
            Path pq = dir.resolve("pq-" + option);
            String codec = option.equals("default") ? "zstd" : option; // zstd's native library loads here
            CliRun.Result r = option.equals("default")
                    ? CliRun.run("export", "../examples/hello.trace", "-f", "parquet", "-o", pq.toString())
                    : CliRun.run("export", "../examples/hello.trace", "-f", "parquet", "--compression", codec, "-o",
                            pq.toString());
            assertThat(r.err()).as("%s", r).isEmpty();
            assertThat(r.exit()).as("%s", r).isZero();
            assertThat(r.out()).isEmpty();
            for (String f : ParquetExport.FILES) {
                assertThat(pq.resolve(f)).isRegularFile();
            }
            try (Stream<Path> left = Files.list(pq)) {
                assertThat(left.map(p -> p.getFileName().toString()).sorted().toList())
                        .as("no temporary files left").isEqualTo(ParquetExport.FILES.stream().sorted().toList());
            }
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
                String variables = "SELECT container, type, start, \"end\", \"end\" - start, value FROM read_parquet('"
                        + pq.resolve("variables.parquet") + "')";
                assertThat(rows(s, variables)).as("%s variables", codec).isEqualTo(csvRows(csv.resolve("variables.csv")));
                for (String table : new String[] {"states", "events", "links"}) {
                    String sql = "SELECT * EXCLUDE (container_id" + (table.equals("links") ? ", start_container_id, end_container_id" : "")
                            + ") FROM read_parquet('" + pq.resolve(table + ".parquet") + "')";
                    assertThat(rows(s, sql)).as("%s %s", codec, table).isEqualTo(csvRows(csv.resolve(table + ".csv")));
                }
                try (ResultSet rs = s.executeQuery("SELECT DISTINCT compression FROM parquet_metadata('" + pq.resolve("states.parquet")
                        + "')")) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).as("the codec written").isEqualToIgnoringCase(codec.equals("none") ? "UNCOMPRESSED" : codec);
                    assertThat(rs.next()).isFalse();
                }
            }
        }
    }

    /** Rows as comma-joined text, doubles as the CSV export prints them. */
    private static java.util.List<String> rows(Statement s, String sql) throws Exception {
        java.util.List<String> out = new java.util.ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder sb = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    Object o = rs.getObject(i);
                    sb.append(i > 1 ? "," : "").append(o == null ? "" : o instanceof Double d
                            ? dev.paje.format.Shortest.format(d) : o.toString());
                }
                out.add(sb.toString());
            }
        }
        return out;
    }

    private static java.util.List<String> csvRows(Path file) throws Exception {
        java.util.List<String> lines = Files.readAllLines(file);
        return lines.subList(1, lines.size());
    }

    @Test
    void directoryIsRequiredAndMustBeWritable() throws Exception {
        CliRun.Result none = CliRun.run("export", "../examples/hello.trace", "-f", "parquet");
        assertThat(none.exit()).isEqualTo(2);
        assertThat(none.err()).contains("--format parquet writes seven files: give their directory with -o DIR");
        Path file = dir.resolve("file");
        Files.writeString(file, "x");
        CliRun.Result notDir = CliRun.run("export", "../examples/hello.trace", "-f", "parquet", "-o", file.toString());
        assertThat(notDir.exit()).as("%s", notDir).isEqualTo(4);
        CliRun.Result codec = CliRun.run("export", "../examples/hello.trace", "-f", "parquet", "--compression", "brotli", "-o",
                dir.toString());
        assertThat(codec.exit()).isEqualTo(2);
        assertThat(codec.err()).contains("expected one of [gzip, zstd, none]");
    }
}
