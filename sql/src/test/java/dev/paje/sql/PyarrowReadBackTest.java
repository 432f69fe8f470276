package dev.paje.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paje.export.ParquetExport;
import dev.paje.export.parquet.ParquetOptions;
import dev.paje.store.Trace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second reader, pyarrow, when python3 has it (Debian bookworm has no python3-pyarrow: then the test
 * says so and skips): every table's row count and column names as pyarrow reads them equal DuckDB's.
 */
class PyarrowReadBackTest {
    @TempDir
    Path dir;

    private static boolean hasPyarrow() {
        try {
            Process p = new ProcessBuilder("python3", "-c", "import pyarrow.parquet").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** A double as Python's repr prints it (shortest round trip; integral values with ".0"). */
    private static String pythonRepr(double d) {
        String s = Double.toString(d);
        if (s.contains("E")) {
            return new java.math.BigDecimal(d).stripTrailingZeros().toString();
        }
        return s;
    }

    @Test
    void pyarrowReadsWhatDuckDbReads() throws Exception {
        assumeTrue(hasPyarrow(), "pyarrow absent (python3 -c 'import pyarrow.parquet' failed): second reader skipped");
        Path trace = ParquetReadBackTest.generated(dir.resolve("gen.trace"), 20_000, 7);
        Path out = Files.createDirectories(dir.resolve("pq"));
        try (Trace t = ParquetReadBackTest.load(trace)) {
            new ParquetExport(t, ParquetOptions.DEFAULT.withSizes(3_000, 500)).write(out);
        }
        Path script = dir.resolve("read.py");
        Files.writeString(script, """
                import sys, pyarrow as pa, pyarrow.parquet as pq, pyarrow.compute as pc
                for f in sys.argv[1:]:
                    t = pq.read_table(f)
                    t.validate(full=True)
                    cells = []
                    for name in t.column_names:
                        col = t.column(name)
                        present = len(col) - col.null_count
                        if pa.types.is_string(col.type) or pa.types.is_large_string(col.type):
                            cells.append('%s:%d:%d' % (name, present, len(pc.unique(col.drop_null()))))
                        else:
                            cells.append('%s:%d:%s' % (name, present, pc.max(col).as_py()))
                    print(f.rsplit('/', 1)[1], t.num_rows, ' '.join(cells))
                """);
        List<String> command = new ArrayList<>(List.of("python3", script.toString()));
        for (String f : ParquetExport.FILES) {
            command.add(out.resolve(f).toString());
        }
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(printed).isZero();
        List<String> expected = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            for (String f : ParquetExport.FILES) {
                String from = " FROM read_parquet('" + out.resolve(f) + "')";
                StringBuilder line = new StringBuilder(f);
                try (ResultSet rs = s.executeQuery("SELECT count(*)" + from)) {
                    rs.next();
                    line.append(' ').append(rs.getLong(1));
                }
                List<String[]> columns = new ArrayList<>();
                try (ResultSet rs = s.executeQuery("DESCRIBE SELECT *" + from)) {
                    while (rs.next()) {
                        columns.add(new String[] {rs.getString(1), rs.getString(2)});
                    }
                }
                for (String[] col : columns) {
                    String q = "\"" + col[0] + "\"";
                    boolean text = col[1].equals("VARCHAR");
                    try (ResultSet rs = s.executeQuery("SELECT count(" + q + "), " + (text ? "count(DISTINCT " + q + ")" : "max(" + q + ")") + from)) {
                        rs.next();
                        Object second = rs.getObject(2);
                        String shown = second == null ? "None" : second instanceof Double d ? pythonRepr(d) : second.toString();
                        line.append(' ').append(col[0]).append(':').append(rs.getLong(1)).append(':').append(shown);
                    }
                }
                expected.add(line.toString());
            }
        }
        assertThat(printed.lines().toList()).isEqualTo(expected);
    }
}
