package dev.paje.store;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Fields the simulator does not interpret ({@code Size}, {@code Mark}, {@code File}…), per row of
 * an entity table, as interned name ids (4 bytes a field: sizes and file names repeat a lot).
 */
public final class UserColumns {
    private final Map<String, int[]> columns = new LinkedHashMap<>();

    /** Sets field {@code name} of {@code row} to the interned name {@code valueId}. */
    public void set(int row, String name, int valueId) {
        int[] col = columns.get(name);
        if (col == null) {
            col = new int[Math.max(16, row + 1)];
            Arrays.fill(col, -1);
            columns.put(name, col);
        } else if (row >= col.length) {
            int old = col.length;
            col = Arrays.copyOf(col, Math.max(row + 1, old + (old >> 1)));
            Arrays.fill(col, old, col.length, -1);
            columns.put(name, col);
        }
        col[row] = valueId;
    }

    /** Field {@code name} of {@code row} as a name id, or -1 when that row has no such field. */
    public int get(int row, String name) {
        int[] col = columns.get(name);
        return col == null || row >= col.length ? -1 : col[row];
    }

    /** Field names, in the order they were first seen. */
    public Set<String> names() {
        return columns.keySet();
    }

    /** Number of rows the column of {@code name} can hold (rows past it have no value). */
    int rows(String name) {
        int[] col = columns.get(name);
        return col == null ? 0 : col.length;
    }

    public boolean isEmpty() {
        return columns.isEmpty();
    }

    /** The same fields with rows renumbered: row {@code order[i]} becomes row {@code i}. */
    UserColumns permute(int[] order) {
        UserColumns p = new UserColumns();
        for (Map.Entry<String, int[]> e : columns.entrySet()) {
            int[] col = e.getValue();
            for (int i = 0; i < order.length; i++) {
                int v = order[i] < col.length ? col[order[i]] : -1;
                if (v >= 0) {
                    p.set(i, e.getKey(), v);
                }
            }
        }
        return p;
    }
}
