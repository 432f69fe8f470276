package dev.paje.testing;

import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;
import java.util.stream.Collectors;

/** A loaded trace as text for tests that compare two ways of loading it: its span, values, containers and row counts. */
public final class TraceOutline {
    private TraceOutline() {
    }

    /** Appends {@code trace}'s outline to {@code sb}. */
    public static void describe(Trace trace, StringBuilder sb) {
        sb.append("trace ").append(trace.start()).append(' ').append(trace.end()).append('\n');
        for (Type t : trace.types()) { // value order numbers values (legend, colours)
            sb.append(t.name()).append(": ").append(t.values().stream().map(v -> v.name())
                    .collect(Collectors.joining(", "))).append('\n');
        }
        for (Container c : trace.containers()) {
            sb.append(c.name()).append(' ').append(c.start()).append(' ').append(c.end());
            for (Type t : trace.types()) {
                EntityTable table = c.table(t);
                if (table != null) {
                    sb.append(' ').append(t.name()).append('=').append(table.size());
                }
                if (table instanceof VariableTable v) { // the summaries' deltas and sets, replayed
                    sb.append(" last=").append(v.current());
                }
            }
            sb.append('\n');
        }
    }
}
