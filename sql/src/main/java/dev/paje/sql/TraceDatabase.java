package dev.paje.sql;

import dev.paje.export.ParquetExport;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * An embedded, in-memory DuckDB in which a trace's Parquet tables are views named after their
 * files ({@code states}, {@code containers}…): queries read the files, nothing is copied.
 */
public final class TraceDatabase implements AutoCloseable {
    private final Connection connection;

    private TraceDatabase(Connection connection) {
        this.connection = connection;
    }

    /** Opens DuckDB with one view per table of {@code dir}. */
    public static TraceDatabase open(Path dir) throws SQLException {
        try {
            Class.forName("org.duckdb.DuckDBDriver"); // a shaded jar may not register it by service file
        } catch (ClassNotFoundException e) {
            throw new SQLException("DuckDB's JDBC driver is missing from the class path", e);
        }
        Connection c = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = c.createStatement()) {
            for (String file : ParquetExport.FILES) {
                String view = tableName(file);
                String path = dir.resolve(file).toAbsolutePath().toString().replace("'", "''");
                // variables.parquet has no duration (docs/parquet.md): the view adds it, as states and links have it
                String more = view.equals("variables") ? ", \"end\" - start AS duration" : "";
                s.execute("CREATE VIEW " + view + " AS SELECT *" + more + " FROM read_parquet('" + path + "')");
            }
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return new TraceDatabase(c);
    }

    /**
     * Opens the views as {@link #open} does, then shuts DuckDB in for queries from elsewhere (the
     * viewer's page): no file but those of {@code dir} may be read, none written, no extension
     * installed, and the settings are locked so that no query can undo this.
     */
    public static TraceDatabase openConfined(Path dir) throws SQLException {
        TraceDatabase db = open(dir);
        try (Statement s = db.connection.createStatement()) {
            String allowed = dir.toAbsolutePath().toString().replace("'", "''") + "/";
            s.execute("SET allowed_directories = ['" + allowed + "']");
            s.execute("SET enable_external_access = false");
            s.execute("SET autoinstall_known_extensions = false");
            s.execute("SET autoload_known_extensions = false");
            s.execute("SET lock_configuration = true");
        } catch (SQLException e) {
            db.close();
            throw e;
        }
        return db;
    }

    /** The view of a file: its name without {@code .parquet}. */
    public static String tableName(String file) {
        return file.substring(0, file.length() - ".parquet".length());
    }

    /** The names of the views, in {@link ParquetExport#FILES} order. */
    public static List<String> tables() {
        List<String> out = new ArrayList<>();
        for (String f : ParquetExport.FILES) {
            out.add(tableName(f));
        }
        return out;
    }

    public Connection connection() {
        return connection;
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
