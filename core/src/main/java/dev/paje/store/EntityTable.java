package dev.paje.store;

/**
 * What the four kinds of entity tables share: their rows, on disk or on the heap, and the user
 * fields kept aside. Sealed: the kinds are Pajé's, not an extension point.
 */
public abstract sealed class EntityTable permits StateTable, EventTable, VariableTable, LinkTable {
    /** Rows per block on a store (readers reading ahead count in blocks). */
    public static final int BLOCK_ROWS = Rows.BLOCK_ROWS;
    Rows rows;
    private UserColumns user;
    /** The multi-resolution summary of the rows (built while the store is written), or null. */
    Pyramid pyramid;
    /** The summary being built while the rows are written (a store's tables), or null. */
    LiveSummary live;
    /** Where its states' innermost pieces or its variable's steps go while written (the parent's aggregate), or null. */
    AggregateLive.Feed aggregateFeed;
    /** The build at seal this table's summary is still to come from (progressive seal), or null. */
    volatile SummaryBuild pending;

    EntityTable(Rows rows) {
        this.rows = rows;
    }

    /**
     * The summary, or null; while a progressive seal has not written it yet, it is built next and waited for
     * ({@link SummaryBuild#await}): never an answer from the rows that the summary's would differ from.
     */
    final Pyramid pyramid() {
        SummaryBuild b = pending;
        return b == null ? pyramid : b.await(this);
    }

    public final int size() {
        return rows.size();
    }

    /**
     * Counts {@code n} more rows without writing them: a table of a store that drops its rows
     * ({@link Store#dropping}), fed by runs of events summarized in bulk.
     */
    public void countDropped(int n) {
        rows.countDropped(n);
    }

    /** Rows {@code [from, to)} are about to be read in order: on a sealed store, read their blocks ahead ({@link Rows#readAhead}). */
    public final void readAhead(int from, int to) {
        rows.readAhead(from, to - from);
    }

    /**
     * Copies rows {@code [row, row + n)}, up to the end of a block at most, into {@code dst} (each kind's {@code STRIDE}
     * longs per row); returns how many. A scan reads a block at a time: one lookup per block, not per field.
     */
    public final int copy(int row, int n, long[] dst) {
        return rows.copy(row, n, dst);
    }

    /**
     * Copies the rows of block {@code b} (rows {@code [b * BLOCK_ROWS, ...)}) whole into {@code dst}, for a scan that reads
     * each block once: blocks not in the cache are read past it, not making room by evicting others. Returns how many.
     */
    public final int scanBlock(int b, long[] dst) {
        return rows.scanBlock(b, dst);
    }

    /** Releases the spare capacity (after loading). */
    public void trim() {
        rows.trim();
    }

    /**
     * Builds the summary of the rows as they are now, for a trace spanning {@code [start, end]}, in
     * the rows' home, with levels holding at least {@code minPerBucket} rows per bucket on average;
     * returns it (null when no level is worth it, or for links). The store does it when sealing, the same way
     * ({@link LiveSummary#build}: each row summarized once; {@link Pyramid#build} is the reference).
     */
    public final Pyramid summarize(double start, double end, int minPerBucket) {
        Pyramid onHeap = LiveSummary.build(this, start, end, minPerBucket);
        pyramid = onHeap == null || rows.file() == null ? onHeap : onHeap.copyTo(rows.file());
        return pyramid;
    }

    /** User fields of the rows, created on first use (in the same home as the rows). */
    public final UserColumns user() {
        if (user == null) {
            user = UserColumns.beside(rows);
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
        return createIn(kind, stride -> rows(stride, file), keys);
    }

    /** Creates an empty table of {@code kind} whose rows come from {@code home} (by stride). */
    static EntityTable createIn(TypeKind kind, java.util.function.IntFunction<Rows> home, KeyLog keys) {
        return switch (kind) {
            case STATE -> new StateTable(home.apply(StateTable.STRIDE));
            case EVENT -> new EventTable(home.apply(EventTable.STRIDE));
            case VARIABLE -> new VariableTable(home.apply(VariableTable.STRIDE));
            case LINK -> new LinkTable(home.apply(LinkTable.STRIDE), keys);
            case CONTAINER -> throw new IllegalArgumentException("container types hold no entities");
        };
    }

    static Rows rows(int stride, StoreFile file) {
        return file == null ? new Rows(stride) : new Rows(stride, file);
    }
}
