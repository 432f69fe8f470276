package dev.paje.view;

import dev.paje.store.DisplayNames;
import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.LinkTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.VariableTable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The loaded trace as every view sees it (the viewer's endpoints, and whatever asks the same
 * questions): lookups by id that say which id is unknown ({@link ViewException}), and what is worth
 * computing once (the entity types, the range of each variable).
 */
public final class TraceView {
    private final TraceLoader.Loaded loaded;
    private final Trace trace;
    private final String name;
    private final List<Type> entityTypes = new ArrayList<>();
    private final ConcurrentHashMap<Long, double[]> ranges = new ConcurrentHashMap<>();

    public TraceView(TraceLoader.Loaded loaded, String name) {
        this.loaded = loaded;
        this.trace = loaded.trace();
        this.name = name;
        if (trace != null) {
            for (Type t : trace.types()) {
                if (t.kind() != TypeKind.CONTAINER) {
                    entityTypes.add(t);
                }
            }
            // Link tables compute their bounds lazily; do it once here, before requests share them.
            for (Container c : trace.containers()) {
                for (Type t : entityTypes) {
                    if (c.table(t) instanceof LinkTable l) {
                        l.maxDuration();
                    }
                }
            }
        }
    }

    public TraceLoader.Loaded loaded() {
        return loaded;
    }

    /** The trace, or null when it could not be read at all. */
    public Trace trace() {
        return trace;
    }

    public String name() {
        return name;
    }

    public double start() {
        return trace == null ? 0 : trace.start();
    }

    public double end() {
        return trace == null ? 0 : trace.end();
    }

    /** Every entity type (not container types), in id order. */
    public List<Type> entityTypes() {
        return entityTypes;
    }

    public Container container(int id) {
        if (trace == null || id >= trace.containers().size()) {
            throw ViewException.notFound("unknown container " + id + (trace == null ? ": the trace could not be read"
                    : ": ids go from 0 to " + (trace.containers().size() - 1)));
        }
        return trace.container(id);
    }

    /** An entity type (404 when unknown, 400 for a container type). */
    public Type entityType(int id) {
        if (trace == null || id >= trace.types().size()) {
            throw ViewException.notFound("unknown type " + id);
        }
        Type t = trace.types().get(id);
        if (t.kind() == TypeKind.CONTAINER) {
            throw ViewException.badRequest("type " + id + " ('" + DisplayNames.name(t.name()) + "') is a container type, not an entity type");
        }
        return t;
    }

    /** The end of an entity, or of the trace when it is still open (NaN). */
    public double endOr(double end) {
        return Double.isNaN(end) ? end() : end;
    }

    /** {min, max} of a variable over the whole trace (the row's scale), computed on first request. */
    public double[] range(Container c, Type t, VariableTable v) {
        return ranges.computeIfAbsent(((long) c.id() << 32) | t.id(), k -> v.range());
    }
}
