package dev.paje.store;

import java.util.Collections;
import java.util.List;

/**
 * A simulated trace: the type hierarchy, the container tree and every entity, ready for queries.
 * Immutable once the simulator has finished.
 */
public final class Trace implements java.io.Closeable {
    private final Names names;
    private final List<Type> types;
    private final List<Container> containers;
    private final double start;
    private final double end;
    private final StoreFile file;
    private final KeyLog keys;

    /** A trace whose tables live on the heap. */
    public Trace(Names names, List<Type> types, List<Container> containers, double start, double end) {
        this(names, types, containers, start, end, null, null);
    }

    /** A trace whose tables live in {@code file} (link keys in {@code keys}). */
    public Trace(Names names, List<Type> types, List<Container> containers, double start, double end,
            StoreFile file, KeyLog keys) {
        this.file = file;
        this.keys = keys;
        this.names = names;
        this.types = Collections.unmodifiableList(types);
        this.containers = Collections.unmodifiableList(containers);
        this.start = start;
        this.end = end;
    }

    /** The summaries still being built after a progressive seal ({@link Store#sealProgressively}), or null. */
    private volatile SummaryBuild summaryBuild;

    /** The build of the summaries that goes on after the trace is usable, or null when there is none. */
    public SummaryBuild summaryBuild() {
        return summaryBuild;
    }

    void summaryBuild(SummaryBuild build) {
        this.summaryBuild = build;
    }

    /** Interned name {@code id}: link keys are stored as such ids. */
    public String name(int id) {
        return names.text(id);
    }

    /** The interned names (types, containers, values, link keys). */
    public Names names() {
        return names;
    }

    /** All types, the root container type first; a type's id is its index. */
    public List<Type> types() {
        return types;
    }

    /** All containers in creation order, the root first; a container's id is its index. */
    public List<Container> containers() {
        return containers;
    }

    public Container root() {
        return containers.get(0);
    }

    public Container container(int id) {
        return containers.get(id);
    }

    /** Time of the first timed event (0 when none). */
    public double start() {
        return start;
    }

    /** Time of the last timed event: where what is still open at the end is closed. */
    public double end() {
        return end;
    }

    /** The file the tables live in, or null when they are on the heap. */
    public StoreFile storeFile() {
        return file;
    }

    KeyLog keyLog() {
        return keys;
    }

    /** Closes the store file: the tables cannot be read any more. */
    @Override
    public void close() throws java.io.IOException {
        if (file != null) {
            file.close();
        }
    }
}
