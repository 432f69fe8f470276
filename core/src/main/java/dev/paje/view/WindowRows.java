package dev.paje.view;

import dev.paje.format.ByteChunks;
import dev.paje.format.JsonOut;
import dev.paje.query.PixelGrid;
import dev.paje.query.PointSampler;
import dev.paje.query.StateSampler;
import dev.paje.query.VariableSampler;
import dev.paje.store.Container;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.VariableTable;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/** The rows of a window answer for some containers, as comma-separated JSON objects: one part of the answer. */
final class WindowRows {
    private static final TypeKind[] KINDS = {TypeKind.STATE, TypeKind.EVENT, TypeKind.VARIABLE, TypeKind.LINK};

    private final TraceView model;
    private final PixelGrid grid;
    private final List<Type> types;
    private final WindowTables tables;
    private final boolean dominant;
    /** Parts rendered as binary answers' parts ({@link JsonOut#binary}). */
    private final boolean binary;

    /**
     * The samplers no part is using: a part takes a set and gives it back, so the parts an answer renders on one thread
     * share one set (the samplers are refilled per table; their columns grow once per answer and thread, not per part).
     */
    private final ConcurrentLinkedQueue<Samplers> idle = new ConcurrentLinkedQueue<>();

    private record Samplers(StateSampler states, PointSampler points, VariableSampler variables) {
    }

    WindowRows(TraceView model, PixelGrid grid, List<Type> types, WindowTables tables, boolean dominant, boolean binary) {
        this.model = model;
        this.grid = grid;
        this.types = types;
        this.tables = tables;
        this.dominant = dominant;
        this.binary = binary;
    }

    /** The rows of {@code containers}, rendered to bytes (parts are rendered on several cores). */
    ByteChunks render(List<Container> containers) {
        return JsonOut.chunks(g -> write(g, containers), binary);
    }

    void write(JsonOut g, List<Container> containers) throws IOException {
        Samplers samplers = idle.poll();
        if (samplers == null) {
            samplers = new Samplers(new StateSampler(grid, tables.end()), new PointSampler(grid), new VariableSampler(grid, tables.end()));
        }
        write(g, containers, samplers.states(), samplers.points(), samplers.variables());
        idle.offer(samplers); // not after a failure: the answer is dropped anyway
    }

    private void write(JsonOut g, List<Container> containers, StateSampler states, PointSampler points, VariableSampler variables)
            throws IOException {
        WindowWriter columns = new WindowWriter(g);
        for (Container c : containers) {
            g.beginObject();
            g.name("container").value(c.id());
            for (TypeKind kind : KINDS) {
                g.name(field(kind)).beginArray();
                for (Type t : types) {
                    Object table = t.kind() == kind ? tables.table(c, t) : null;
                    if (table == null) {
                        continue;
                    }
                    g.beginObject();
                    g.name("type").value(t.id());
                    if (table instanceof StateTable s) {
                        if (dominant) {
                            columns.dominantStates(states.sample(s));
                        } else {
                            columns.states(states.sample(s));
                        }
                    } else if (table instanceof EventTable e) {
                        columns.events(points.sample(e), e);
                    } else if (table instanceof VariableTable v) {
                        double[] range = model.range(c, t, v);
                        g.name("min").value(range[0]);
                        g.name("max").value(range[1]);
                        columns.variables(variables.sample(v), range[0], range[1]);
                    } else if (table instanceof LinkTable l) {
                        columns.links(points.sample(l), l, tables.storeRows(c, t));
                    }
                    g.endObject();
                }
                g.endArray();
            }
            g.endObject();
        }
    }

    private static String field(TypeKind kind) {
        return switch (kind) {
            case STATE -> "states";
            case EVENT -> "events";
            case VARIABLE -> "variables";
            case LINK -> "links";
            case CONTAINER -> throw new IllegalArgumentException("container types hold no entities");
        };
    }
}
