package dev.paje.stats;

import dev.paje.store.EntityValue;
import dev.paje.store.Type;
import java.util.List;

/**
 * Links of one link type intersecting the window, seen from a subject. A link is "held" by the
 * container that holds it in the store (the one {@code paje dump} prints, usually a common
 * ancestor), "sent" by the subject its start container belongs to, "received" by that of its end
 * container; a link inside a group counts as both sent and received by it.
 *
 * @param values figures per value, most held first
 */
public record LinkStats(Type type, List<LinkValueStats> values) {
    public LinkStats {
        values = List.copyOf(values);
    }

    public record LinkValueStats(EntityValue value, long held, long sent, long received) {
    }
}
