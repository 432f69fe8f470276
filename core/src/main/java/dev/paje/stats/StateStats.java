package dev.paje.stats;

import dev.paje.store.Type;
import java.util.List;

/**
 * The states of one state type in a subject during the window.
 *
 * @param span the denominator of every share: the time, inside the window, during which the
 *     subject's containers able to hold this type exist (summed over a group's containers)
 * @param levels the number of nesting levels seen (1 when states are not nested)
 * @param values the values seen, longest total time first
 */
public record StateStats(Type type, double span, int levels, List<StateValueStats> values) {
    public StateStats {
        values = List.copyOf(values);
    }
}
