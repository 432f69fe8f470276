package dev.paje.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The wrong uses a lenient {@link Tracer} counted (ignored calls), with the first message of each kind.
 *
 * @param counts how many calls of each kind, only kinds that happened
 * @param first  the message of the first call of each kind
 */
public record Problems(Map<Misuse, Long> counts, Map<Misuse, String> first) {
    public Problems {
        counts = Collections.unmodifiableMap(new EnumMap<>(counts));
        first = Collections.unmodifiableMap(new EnumMap<>(first));
    }

    static Problems of(long[] counts, String[] first) {
        Map<Misuse, Long> c = new EnumMap<>(Misuse.class);
        Map<Misuse, String> f = new EnumMap<>(Misuse.class);
        for (Misuse m : Misuse.values()) {
            if (counts[m.ordinal()] > 0) {
                c.put(m, counts[m.ordinal()]);
                f.put(m, first[m.ordinal()]);
            }
        }
        return new Problems(c, f);
    }

    public long count(Misuse misuse) {
        return counts.getOrDefault(misuse, 0L);
    }

    public long total() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    public boolean isEmpty() {
        return counts.isEmpty();
    }

    /** One line per kind, e.g. {@code "2 × pop without push (first: ...)"}. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        counts.forEach((m, n) -> lines.add(n + " × " + m.description() + " (first: " + first.get(m) + ")"));
        return lines;
    }
}
