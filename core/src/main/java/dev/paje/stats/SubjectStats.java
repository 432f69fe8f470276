package dev.paje.stats;

import dev.paje.store.Container;
import java.util.List;

/**
 * The figures of one container, or of one group: a container of the group-by type with its whole
 * subtree. Only types with something in the window are listed.
 *
 * @param container the container (the group's top container when grouping)
 * @param path its path, as {@code /node-1/rank 0}
 * @param members how many containers the figures add up (1 without grouping)
 */
public record SubjectStats(Container container, String path, int members, List<StateStats> states,
        List<EventStats> events, List<LinkStats> links, List<VariableStats> variables) {

    public SubjectStats {
        states = List.copyOf(states);
        events = List.copyOf(events);
        links = List.copyOf(links);
        variables = List.copyOf(variables);
    }

    /** True when nothing of the selected types happens here during the window. */
    public boolean isEmpty() {
        return states.isEmpty() && events.isEmpty() && links.isEmpty() && variables.isEmpty();
    }
}
