package dev.paje.store;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Fields the simulator does not interpret ({@code Size}, {@code Mark}, {@code File}…), kept as
 * text per row of an entity table. Off the hot path: most traces have none.
 */
public final class UserColumns {
    private final Map<String, String[]> columns = new LinkedHashMap<>();

    /** Sets field {@code name} of {@code row}. */
    public void set(int row, String name, String value) {
        String[] col = columns.get(name);
        if (col == null) {
            col = new String[Math.max(16, row + 1)];
            columns.put(name, col);
        } else if (row >= col.length) {
            col = Arrays.copyOf(col, Math.max(row + 1, col.length * 2));
            columns.put(name, col);
        }
        col[row] = value;
    }

    /** Field {@code name} of {@code row}, or null when that row has no such field. */
    public String get(int row, String name) {
        String[] col = columns.get(name);
        return col == null || row >= col.length ? null : col[row];
    }

    /** Field names, in the order they were first seen. */
    public Set<String> names() {
        return columns.keySet();
    }

    /** Number of rows the column of {@code name} can hold (rows past it have no value). */
    int rows(String name) {
        String[] col = columns.get(name);
        return col == null ? 0 : col.length;
    }

    public boolean isEmpty() {
        return columns.isEmpty();
    }
}
