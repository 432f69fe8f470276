package dev.paje.causal;

import dev.paje.store.Container;
import dev.paje.store.LinkTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;

/** Walks every complete link of a trace: the messages whose two ends carry causality. */
final class Links {
    private Links() {
    }

    /** Receives one complete link: row {@code row} of {@code table}, held by {@code holder}. */
    interface Visitor {
        void link(Container holder, Type type, LinkTable table, int row);
    }

    static void forEach(Trace trace, Visitor visitor) {
        for (Type t : trace.types()) {
            if (t.kind() != TypeKind.LINK) {
                continue;
            }
            for (Container c : trace.containers()) {
                LinkTable table = c.links(t);
                if (table == null) {
                    continue;
                }
                for (int r = 0, n = table.completeCount(); r < n; r++) {
                    visitor.link(c, t, table, r);
                }
            }
        }
    }

    /** Number of complete links. */
    static long count(Trace trace) {
        long[] n = {0};
        forEach(trace, (c, t, table, r) -> n[0]++);
        return n[0];
    }
}
