package dev.paje.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paje.export.parquet.ParquetOptions;
import dev.paje.store.Trace;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The views over a trace's tables, and the confined database the viewer queries: no other file, no settings. */
class TraceDatabaseTest {
    @TempDir
    Path dir;

    private static String query(TraceDatabase db, String sql) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SqlRunner(db.connection()).run(sql, ResultFormat.CSV, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void confinedDatabaseReadsTheTablesAndNothingElse() throws Exception {
        Path secret = dir.resolve("secret.csv");
        Files.writeString(secret, "a\n42\n");
        try (Trace trace = ParquetReadBackTest.load(Path.of("../examples/hello.trace"));
                ParquetCache tables = ParquetCache.of(trace, ParquetOptions.DEFAULT)) {
            assertThat(tables.built()).isTrue();
            try (TraceDatabase open = TraceDatabase.open(tables.directory())) {
                assertThat(query(open, "SELECT a FROM read_csv('" + secret + "')")).isEqualTo("a\n42\n");
            }
            try (TraceDatabase db = TraceDatabase.openConfined(tables.directory())) {
                assertThat(query(db, "SELECT count(*) AS n FROM containers")).isEqualTo("n\n8\n");
                assertThat(query(db, "SELECT count(*) AS n FROM states WHERE value = 'Running'")).isEqualTo("n\n4\n");
                assertThatThrownBy(() -> query(db, "SELECT * FROM read_csv('" + secret + "')"))
                        .isInstanceOf(SQLException.class).hasMessageContaining("ermission");
                Path out = dir.resolve("out.csv");
                assertThatThrownBy(() -> query(db, "COPY (SELECT 1) TO '" + out + "'")).isInstanceOf(SQLException.class);
                assertThat(out).doesNotExist();
                assertThatThrownBy(() -> query(db, "SET enable_external_access = true")).isInstanceOf(SQLException.class);
                assertThatThrownBy(() -> query(db, "ATTACH '" + dir.resolve("x.db") + "'")).isInstanceOf(SQLException.class);
                assertThatThrownBy(() -> query(db, "INSTALL httpfs")).isInstanceOf(SQLException.class);
            }
            assertThat(tables.directory()).isDirectory();
        }
    }
}
