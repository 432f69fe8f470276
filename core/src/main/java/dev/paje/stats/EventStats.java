package dev.paje.stats;

import dev.paje.store.EntityValue;
import dev.paje.store.Type;
import java.util.List;

/**
 * Events of one event type in a subject within the window (closed: events at either bound count).
 *
 * @param values counts per value, most frequent first
 */
public record EventStats(Type type, long total, List<ValueCount> values) {
    public EventStats {
        values = List.copyOf(values);
    }

    public record ValueCount(EntityValue value, long count) {
    }
}
