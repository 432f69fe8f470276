package dev.paje.sql;

import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Runs one SQL statement and prints its result (or, for a statement without one, nothing). */
public final class SqlRunner {
    private final Connection connection;

    public SqlRunner(Connection connection) {
        this.connection = connection;
    }

    /** Runs {@code sql}; returns the rows printed (-1 for a statement that returns no result). */
    public long run(String sql, ResultFormat format, OutputStream out) throws SQLException, IOException {
        try (Statement s = connection.createStatement()) {
            if (!s.execute(sql)) {
                return -1;
            }
            try (ResultSet rs = s.getResultSet()) {
                return ResultPrinter.print(rs, format, out);
            }
        }
    }

    /** DuckDB's message for a failed statement, blank lines removed. */
    public static String message(SQLException e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        return m.strip().replaceAll("\n\\s*\n", "\n"); // DuckDB separates its context by a blank line
    }
}
