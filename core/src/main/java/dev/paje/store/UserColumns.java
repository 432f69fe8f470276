package dev.paje.store;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Fields the simulator does not interpret ({@code Size}, {@code Mark}, {@code File}…), per row of
 * an entity table, as interned name ids (sizes and file names repeat a lot). Each field is a
 * column of rows in the same home as the table's: on disk for loaded traces.
 */
public final class UserColumns {
    private final StoreFile file;
    /** Columns counted but not kept, as their table's rows ({@link Rows#dropping}). */
    private final boolean drop;
    private final Map<String, Rows> columns = new LinkedHashMap<>();

    UserColumns(StoreFile file) {
        this(file, false);
    }

    private UserColumns(StoreFile file, boolean drop) {
        this.file = file;
        this.drop = drop;
    }

    /** User fields in the same home as {@code rows}. */
    static UserColumns beside(Rows rows) {
        return new UserColumns(rows.file(), rows.drops());
    }

    /** User fields on the heap. */
    public UserColumns() {
        this(null);
    }

    /** Sets field {@code name} of {@code row} to the interned name {@code valueId}. */
    public void set(int row, String name, int valueId) {
        Rows col = columns.get(name);
        if (col == null) {
            col = drop ? Rows.dropping(1) : file == null ? new Rows(1) : new Rows(1, file);
            columns.put(name, col);
        }
        while (col.size() <= row) {
            col.add();
        }
        col.set(row, 0, valueId + 1L); // 0: no value
    }

    /** Field {@code name} of {@code row} as a name id, or -1 when that row has no such field. */
    public int get(int row, String name) {
        Rows col = columns.get(name);
        return col == null || row >= col.size() ? -1 : (int) (col.get(row, 0) - 1);
    }

    /** Field names, in the order they were first seen. */
    public Set<String> names() {
        return columns.keySet();
    }

    Map<String, Rows> columns() {
        return columns;
    }

    void put(String name, Rows rows) {
        columns.put(name, rows);
    }

    public boolean isEmpty() {
        return columns.isEmpty();
    }

    /** The same fields with rows renumbered: row {@code order[i]} becomes row {@code i}. */
    UserColumns permute(int[] order) {
        UserColumns p = new UserColumns(file, drop);
        for (Map.Entry<String, Rows> e : columns.entrySet()) {
            Rows col = e.getValue();
            for (int i = 0; i < order.length; i++) {
                int v = order[i] < col.size() ? (int) (col.get(order[i], 0) - 1) : -1;
                if (v >= 0) {
                    p.set(i, e.getKey(), v);
                }
            }
        }
        return p;
    }
}
