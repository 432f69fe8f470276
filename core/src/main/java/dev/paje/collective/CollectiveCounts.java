package dev.paje.collective;

import dev.paje.store.Type;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** How many operations of each kind, type and value, with their durations: what {@code paje stats --collectives} prints. */
public final class CollectiveCounts {
    /** The figures of one kind, type and value (or operation named by the key rule). */
    public record Row(Collective.Kind kind, Type type, String value, int count, double totalDuration, long members,
            int maxContainers) {
        public double meanDuration() {
            return count == 0 ? 0 : totalDuration / count;
        }
    }

    private CollectiveCounts() {
    }

    /** Rows by kind, type (id order) then value name. */
    public static List<Row> of(Iterable<Collective> operations) {
        Map<String, Row> rows = new LinkedHashMap<>();
        for (Collective c : operations) {
            String k = c.kind() + "\u0000" + c.type().id() + "\u0000" + c.value();
            Row r = rows.get(k);
            rows.put(k, r == null
                    ? new Row(c.kind(), c.type(), c.value(), 1, c.duration(), c.members(), c.containers().length)
                    : new Row(r.kind(), r.type(), r.value(), r.count() + 1, r.totalDuration() + c.duration(),
                            r.members() + c.members(), Math.max(r.maxContainers(), c.containers().length)));
        }
        List<Row> out = new ArrayList<>(rows.values());
        out.sort(Comparator.comparing(Row::kind).thenComparingInt(r -> r.type().id()).thenComparing(Row::value));
        return out;
    }
}
