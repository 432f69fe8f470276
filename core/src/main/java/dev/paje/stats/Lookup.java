package dev.paje.stats;

import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.util.List;

/**
 * The selection rules of {@code paje stats} for other tools (the picture of {@code paje render}):
 * containers by path or name, entity types by name, the window, with the same "did you mean" errors.
 *
 * @param start window start (the trace's start when the options leave it open)
 * @param end window end (the trace's end when the options leave it open)
 * @param containers the containers named (every container when none is), depth first
 * @param types the entity types named (every entity type when none is), by id
 */
public record Lookup(double start, double end, List<Container> containers, List<Type> types) {

    public Lookup {
        containers = List.copyOf(containers);
        types = List.copyOf(types);
    }

    /**
     * Resolves {@code options} (its group-by is ignored) against {@code trace}.
     *
     * @throws StatsException when a name matches nothing or the window is empty
     */
    public static Lookup of(Trace trace, StatsOptions options) {
        Selection sel = new Selection(trace, options.withGroupBy(null));
        List<Container> chosen = sel.subjects.stream().map(Selection.Subject::top).toList();
        List<Type> types = trace.types().stream().filter(t -> sel.typeSelected[t.id()]).toList();
        return new Lookup(sel.start, sel.end, chosen, types);
    }
}
