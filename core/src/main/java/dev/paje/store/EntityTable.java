package dev.paje.store;

/**
 * What the four kinds of entity tables share: their rows, in blocks or mapped from a cache, and
 * the user fields kept aside. Sealed: the kinds are Pajé's, not an extension point.
 */
public abstract sealed class EntityTable permits StateTable, EventTable, VariableTable, LinkTable {
    Rows rows;
    private UserColumns user;

    EntityTable(Rows rows) {
        this.rows = rows;
    }

    public final int size() {
        return rows.size();
    }

    /** Releases the spare capacity (after loading). */
    public void trim() {
        rows.trim();
    }

    /** User fields of the rows, created on first use. */
    public final UserColumns user() {
        if (user == null) {
            user = new UserColumns();
        }
        return user;
    }

    /** User fields, or null when no row has any. */
    public final UserColumns userOrNull() {
        return user;
    }

    final void user(UserColumns u) {
        user = u;
    }
}
