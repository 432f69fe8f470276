package dev.paje.causal;

import dev.paje.store.Container;
import dev.paje.store.LinkTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.util.List;

/**
 * How far each container's destruction moves: the largest shift of its own clock, of the link
 * ends it holds (the simulator checks a destruction against them) and of its descendants, so that
 * a container still ends after everything in it once clocks are corrected.
 */
final class DestroyShifts {
    private DestroyShifts() {
    }

    static double[] of(ClockFix fix) {
        Trace trace = fix.constraints().trace();
        List<Container> all = trace.containers();
        double[] ds = new double[all.size()];
        for (int c = all.size() - 1; c >= 0; c--) { // children are created after their parent
            Container container = all.get(c);
            double s = Math.max(ds[c], fix.shift(c));
            for (Type t : trace.types()) {
                if (t.kind() == TypeKind.LINK && container.links(t) != null) {
                    LinkTable table = container.links(t);
                    for (int r = 0; r < table.size(); r++) {
                        if (table.from(r) >= 0) {
                            s = Math.max(s, fix.shift(table.from(r)));
                        }
                        if (table.to(r) >= 0) {
                            s = Math.max(s, fix.shift(table.to(r)));
                        }
                    }
                }
            }
            ds[c] = s;
            if (container.parent() != null) {
                int p = container.parent().id();
                ds[p] = Math.max(ds[p], s);
            }
        }
        return ds;
    }
}
