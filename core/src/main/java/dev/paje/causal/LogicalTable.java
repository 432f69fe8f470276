package dev.paje.causal;

import dev.paje.store.EntityTable;

/**
 * One table of the store as seen on the logical axis ({@link LogicalTables}): the same entities with
 * their times replaced by logical positions, and which store row each of its rows is.
 *
 * @param table a table of the same kind, times in logical units, ready for the window queries
 * @param storeRows store row of each row of {@code table}, or null when they are the same rows
 *                  (only links are reordered: by logical start, which real start order does not give)
 */
public record LogicalTable(EntityTable table, int[] storeRows) {
    /** The store row of row {@code row} of the logical table (what {@code /api/entity} expects). */
    public int storeRow(int row) {
        return storeRows == null ? row : storeRows[row];
    }
}
