package dev.paje.sql;

import dev.paje.format.Shortest;
import java.sql.ResultSet;
import java.sql.SQLException;

/** A result cell as text: doubles at full precision and shortest ({@code Shortest}), null as null. */
final class Cells {
    private Cells() {
    }

    static String text(ResultSet rs, int column) throws SQLException {
        Object o = rs.getObject(column);
        if (o == null) {
            return null;
        }
        if (o instanceof Double d) {
            return Double.isFinite(d) ? Shortest.format(d) : d.toString();
        }
        if (o instanceof Float f) {
            return Shortest.format(f.doubleValue());
        }
        return o.toString();
    }

    /** Whether the value is a number (right-aligned in tables, unquoted in JSON). */
    static boolean numeric(Object o) {
        return o instanceof Number;
    }
}
