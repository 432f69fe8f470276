package dev.paje.store;

/**
 * What the four kinds of entity tables share: their rows, on disk or on the heap, and the user
 * fields kept aside. Sealed: the kinds are Pajé's, not an extension point.
 */
public abstract sealed class EntityTable permits StateTable, EventTable, VariableTable, LinkTable {
    Rows rows;
    private UserColumns user;
    /** The multi-resolution summary of the rows (built while the store is written), or null. */
    Pyramid pyramid;
    /** The summary being built while the rows are written (a store's tables), or null. */
    LiveSummary live;

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

    /**
     * Builds the summary of the rows as they are now, for a trace spanning {@code [start, end]}, in
     * the rows' home, with levels holding at least {@code minPerBucket} rows per bucket on average;
     * returns it (null when no level is worth it, or for links). The store does it when sealing.
     */
    public final Pyramid summarize(double start, double end, int minPerBucket) {
        pyramid = Pyramid.build(this, start, end, rows.file(), minPerBucket);
        return pyramid;
    }

    /** User fields of the rows, created on first use (in the same home as the rows). */
    public final UserColumns user() {
        if (user == null) {
            user = new UserColumns(rows.file());
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

    /** Creates an empty table of {@code kind} whose rows live in {@code file} (null: on the heap). */
    static EntityTable create(TypeKind kind, StoreFile file, KeyLog keys) {
        return switch (kind) {
            case STATE -> new StateTable(rows(StateTable.STRIDE, file));
            case EVENT -> new EventTable(rows(EventTable.STRIDE, file));
            case VARIABLE -> new VariableTable(rows(VariableTable.STRIDE, file));
            case LINK -> new LinkTable(rows(LinkTable.STRIDE, file), keys);
            case CONTAINER -> throw new IllegalArgumentException("container types hold no entities");
        };
    }

    static Rows rows(int stride, StoreFile file) {
        return file == null ? new Rows(stride) : new Rows(stride, file);
    }
}
