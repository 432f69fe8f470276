package dev.paje.causal;

import dev.paje.store.Trace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Finds the links that end before they start: the visible symptom of clocks out of step. */
public final class Tachyons {
    private Tachyons() {
    }

    /** Every tachyon of {@code trace}, the worst (most negative offset) first. */
    public static List<Tachyon> find(Trace trace) {
        List<Tachyon> found = new ArrayList<>();
        Links.forEach(trace, (holder, type, table, row) -> {
            double s = table.start(row);
            double e = table.end(row);
            if (e < s) {
                found.add(new Tachyon(holder, type, row, trace.container(table.from(row)),
                        trace.container(table.to(row)), s, e, table.key(row)));
            }
        });
        found.sort(Comparator.comparingDouble(Tachyon::offset));
        return found;
    }
}
