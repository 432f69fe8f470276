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

    /** A store; with {@code summaries}, large state, variable and event tables get their zoomed-out summaries when sealed. */
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

    /** Builds the summaries of the large state, variable and event tables (through the writer's pool, into the file). */
    static void summarize(Trace trace) {
        double start = trace.start();
        double end = trace.end();
        for (Container c : trace.containers()) {
            for (Type t : trace.types()) {
                EntityTable table = c.table(t);
                if (table == null || table.size() < Pyramid.MIN_ROWS) {
                    continue;
                }
                if (table instanceof StateTable s) {
                    s.summarize(start, end, Pyramid.MIN_PER_BUCKET);
                } else if (table instanceof VariableTable v) {
                    v.summarize(start, end, Pyramid.MIN_PER_BUCKET);
                } else if (table instanceof EventTable e) {
                    e.summarize(start, end, Pyramid.MIN_PER_BUCKET);
                }
            }
        }
    }

    /** A new, empty table of {@code kind} in this store. */
    public EntityTable newTable(TypeKind kind) {
        return EntityTable.create(kind, file, keys);
    }

    /**
     * Writes the rest of the blocks, the metadata of {@code trace} and the header: the store is
     * complete and the trace reads from it. {@code key} identifies the source (for caches).
     */
    public void seal(Trace trace, String key, long lines, long events) throws IOException {
        if (summaries) {
            summarize(trace);
        }
        file.seal(new StoreMeta.Encoder(trace, keys, key, lines, events));
    }
}
