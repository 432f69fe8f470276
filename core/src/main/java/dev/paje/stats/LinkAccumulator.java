package dev.paje.stats;

import dev.paje.store.Type;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Counts the links of one link type per value, held, sent and received, for one subject. */
final class LinkAccumulator {
    private final Type type;
    private final long[] held;
    private final long[] sent;
    private final long[] received;

    LinkAccumulator(Type type) {
        this.type = type;
        int n = type.values().size();
        held = new long[n];
        sent = new long[n];
        received = new long[n];
    }

    void held(int value) {
        held[value]++;
    }

    void sent(int value) {
        sent[value]++;
    }

    void received(int value) {
        received[value]++;
    }

    /** The figures, or null when no link of this type concerns the subject in the window. */
    LinkStats result() {
        List<LinkStats.LinkValueStats> out = new ArrayList<>();
        for (int v = 0; v < held.length; v++) {
            if (held[v] + sent[v] + received[v] > 0) {
                out.add(new LinkStats.LinkValueStats(type.value(v), held[v], sent[v], received[v]));
            }
        }
        if (out.isEmpty()) {
            return null;
        }
        out.sort(Comparator.comparingLong(LinkStats.LinkValueStats::held).reversed()
                .thenComparingInt(l -> l.value().index()));
        return new LinkStats(type, out);
    }
}
