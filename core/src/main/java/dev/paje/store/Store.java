package dev.paje.store;

import java.io.IOException;

/**
 * Where a trace being simulated puts its entities: a {@link StoreFile} being written and the
 * {@link KeyLog} of its link keys. The simulator asks it for new tables; the loader seals it.
 */
public final class Store {
    private final StoreFile file;
    private final KeyLog keys;

    private final boolean summaries;

    /**
     * A store; with {@code summaries}, large state, variable and event tables get their zoomed-out
     * summaries, built while they are written and finished when sealed.
     */
    public Store(StoreFile file, boolean summaries) {
        this.summaries = summaries;
        this.file = file;
        this.keys = new KeyLog(new Rows(1, file), 0);
    }

    public StoreFile file() {
        return file;
    }

    KeyLog keys() {
        return keys;
    }

    /** The simulated trace, reading its tables from this store. */
    public Trace trace(Names names, java.util.List<Type> types, java.util.List<Container> containers, double start,
            double end) {
        return new Trace(names, types, containers, start, end, file, keys);
    }

    /**
     * Finishes the summaries built while the tables were written (their last buckets, the states still
     * open) for a trace ending at {@code end}: every large state, variable and event table gets one
     * where a level is worth it.
     */
    static void summarize(Trace trace, double end) {
        for (Container c : trace.containers()) {
            for (Type t : trace.types()) {
                EntityTable table = c.table(t);
                if (table != null && table.live != null) {
                    table.pyramid = table.live.finish(table, end, Pyramid.minPerBucket(table));
                    table.live = null;
                }
            }
        }
    }

    /** A new, empty table of {@code kind} in this store. */
    public EntityTable newTable(TypeKind kind) {
        EntityTable table = EntityTable.create(kind, file, keys);
        if (summaries) {
            table.live = LiveSummary.of(table, file); // built while the rows are written
        }
        return table;
    }

    /**
     * Writes the rest of the blocks, the metadata of {@code trace} and the header: the store is
     * complete and the trace reads from it. {@code key} identifies the source (for caches).
     */
    public void seal(Trace trace, String key, long lines, long events) throws IOException {
        if (summaries) {
            summarize(trace, trace.end());
        }
        file.seal(new StoreMeta.Encoder(trace, keys, key, lines, events));
    }
}
