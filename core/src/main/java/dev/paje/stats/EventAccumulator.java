package dev.paje.stats;

import dev.paje.query.Window;
import dev.paje.store.EventTable;
import dev.paje.store.Type;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Counts the events of one event type per value over a subject's containers. */
final class EventAccumulator {
    private final Type type;
    private final long[] count;

    EventAccumulator(Type type) {
        this.type = type;
        this.count = new long[type.values().size()];
    }

    void add(EventTable t, double start, double end) {
        long[] c = count;
        Window.events(t, start, end, i -> c[t.value(i)]++);
    }

    /** The figures, or null when no event of this type is in the window. */
    EventStats result() {
        List<EventStats.ValueCount> out = new ArrayList<>();
        long total = 0;
        for (int v = 0; v < count.length; v++) {
            if (count[v] > 0) {
                out.add(new EventStats.ValueCount(type.value(v), count[v]));
                total += count[v];
            }
        }
        if (out.isEmpty()) {
            return null;
        }
        out.sort(Comparator.comparingLong(EventStats.ValueCount::count).reversed()
                .thenComparingInt(c -> c.value().index()));
        return new EventStats(type, total, out);
    }
}
