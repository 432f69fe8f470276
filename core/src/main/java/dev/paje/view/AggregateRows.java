package dev.paje.view;

import dev.paje.format.JsonOut;
import dev.paje.query.AggregateSampler;
import dev.paje.query.DoubleColumn;
import dev.paje.query.IntColumn;
import dev.paje.query.PixelGrid;
import dev.paje.store.Container;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.io.IOException;
import java.util.List;

/**
 * The {@code aggregates} of a window answer ({@code aggregate=ids}): per collapsed container, per
 * state and variable type found below it, what its descendants do per pixel, so that one row can
 * stand for thousands of them (docs/api.md).
 */
public final class AggregateRows {
    public static final int MAX_AGGREGATES = 2_000;
    private static final double THOUSANDTHS = 1000;

    private final PixelGrid grid;
    private final List<Type> types;
    private final double traceEnd;
    private final AggregateSampler sampler;

    AggregateRows(PixelGrid grid, List<Type> types, double traceEnd) {
        this.grid = grid;
        this.types = types;
        this.traceEnd = traceEnd;
        this.sampler = new AggregateSampler(grid, traceEnd);
    }

    /**
     * The {@code aggregates} field: one container per part (a root's aggregate costs a thousand nodes'), parts computed
     * on all cores, as many threads as cores, written in order.
     */
    void write(JsonOut g, List<Container> containers) throws IOException {
        g.name("aggregates").beginArray();
        if (containers.size() == 1 || InOrderParts.CORES == 1) {
            objects(g, containers);
        } else {
            new InOrderParts(part -> JsonOut.chunks(
                    out -> new AggregateRows(grid, types, traceEnd).objects(out, part), g.binary()), // a sampler per part
                    containers, containers.size()).write(g, this::objects);
        }
        g.endArray();
    }

    private void objects(JsonOut g, List<Container> containers) throws IOException {
        for (Container c : containers) {
            g.beginObject();
            g.name("container").value(c.id());
            kind(g, "states", c, TypeKind.STATE);
            kind(g, "variables", c, TypeKind.VARIABLE);
            g.endObject();
        }
    }

    /** The array {@code name}: one aggregate per type of {@code kind} that {@code c} has members of. */
    private void kind(JsonOut g, String name, Container c, TypeKind kind) throws IOException {
        g.name(name).beginArray();
        for (Type t : types) {
            if (t.kind() != kind) {
                continue;
            }
            List<Container> members = AggregateSampler.members(c, t);
            if (members.isEmpty()) {
                continue;
            }
            switch (kind) {
                case STATE -> states(g, t, sampler.states(t, c, members));
                case VARIABLE -> variables(g, t, sampler.variables(t, c, members));
                default -> throw new IllegalArgumentException("no aggregate of " + kind);
            }
        }
        g.endArray();
    }

    /** Opens one aggregate's object: its type, how many members, the pixels it has figures for. */
    private static void begin(JsonOut g, Type t, AggregateSampler a) throws IOException {
        g.beginObject();
        g.name("type").value(t.id());
        g.name("members").value(a.members);
        a.px.write(g.name("px"));
    }

    private void states(JsonOut g, Type t, AggregateSampler a) throws IOException {
        begin(g, t, a);
        thousandths(g, "alive", a.alive);
        a.cellCount.write(g.name("count"));
        a.value.write(g.name("value"));
        thousandths(g, "number", a.number);
        g.name("permille").beginArray();
        for (int c = 0; c < a.px.size(); c++) {
            double alive = a.alive.get(c);
            for (int k = a.cellFirst.get(c), end = k + a.cellCount.get(c); k < end; k++) {
                double share = alive > 0 ? Math.min(1, a.number.get(k) / alive) : 0;
                g.value((int) Math.round(share * THOUSANDTHS));
            }
        }
        g.endArray();
        g.endObject();
    }

    private void variables(JsonOut g, Type t, AggregateSampler a) throws IOException {
        begin(g, t, a);
        a.sum.write(g.name("sum"));
        a.mean.write(g.name("mean"));
        g.endObject();
    }

    /** Mean numbers of members, to a thousandth: enough for a graph, and few digits. */
    private static void thousandths(JsonOut g, String name, DoubleColumn c) throws IOException {
        g.name(name).beginArray();
        for (int i = 0; i < c.size(); i++) {
            g.value(Math.round(c.get(i) * THOUSANDTHS) / THOUSANDTHS);
        }
        g.endArray();
    }
}
