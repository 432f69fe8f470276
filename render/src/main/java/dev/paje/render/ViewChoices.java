package dev.paje.render;

import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a viewer's user changed in the view, so that a picture of it shows the same: exactly which
 * containers have a row (the expanded, not hidden ones), the values hidden from the legend and the
 * colours chosen there. Everything is by the store's ids (container id, type id, value index).
 *
 * @param rows ids of the containers that get a row (each alone, not its subtree; drawn in tree
 *     order, indented below the listed ancestors); empty means the rows {@link RenderOptions#containers()} give
 * @param hidden values not drawn (nor listed in the legend)
 * @param colors colours (0xRRGGBB) replacing those of the trace or the palette
 */
public record ViewChoices(List<Integer> rows, Set<Value> hidden, Map<Value, Integer> colors) {
    /** Nothing changed: the picture as {@code paje render} draws it. */
    public static final ViewChoices NONE = new ViewChoices(List.of(), Set.of(), Map.of());

    public ViewChoices {
        rows = List.copyOf(rows);
        hidden = Set.copyOf(hidden);
        colors = Map.copyOf(colors);
    }

    /**
     * A value of an entity type, or with {@link #ALL} every value of it (a variable's line).
     *
     * @param type the entity type's id
     * @param value the value's index in the type, or {@link #ALL}
     */
    public record Value(int type, int value) {
        public static final int ALL = -1;

        void check(Trace trace) {
            if (type < 0 || type >= trace.types().size() || trace.types().get(type).kind() == TypeKind.CONTAINER) {
                throw new RenderException("no entity type has the id " + type);
            }
            Type t = trace.types().get(type);
            if (value != ALL && (value < 0 || value >= t.values().size())) {
                throw new RenderException("type " + type + " has no value " + value + ": it has "
                        + t.values().size() + " values");
            }
        }
    }

    /** Checks every id against the trace: a picture of something that does not exist is a user error. */
    void check(Trace trace) {
        for (int id : rows) {
            if (id < 0 || id >= trace.containers().size()) {
                throw new RenderException("no container has the id " + id + ": ids go from 0 to "
                        + (trace.containers().size() - 1));
            }
        }
        hidden.forEach(v -> v.check(trace));
        colors.keySet().forEach(v -> v.check(trace));
    }

    /** Per container id, whether it has a row; null when {@link #rows} is empty. */
    boolean[] listed(Trace trace) {
        if (rows.isEmpty()) {
            return null;
        }
        boolean[] out = new boolean[trace.containers().size()];
        rows.forEach(id -> out[id] = true);
        return out;
    }
}
