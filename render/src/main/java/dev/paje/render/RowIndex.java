package dev.paje.render;

import dev.paje.store.Container;
import dev.paje.store.Trace;
import java.util.List;

/** Which row stands for a container: its own, that of its aggregate, or that of its nearest drawn ancestor. */
final class RowIndex {
    private final Row[] byContainer;
    private final Trace trace;
    private final Scope scope;
    private final int plotTop;

    RowIndex(Trace trace, Scope scope, List<Row> rows, int plotTop) {
        this.trace = trace;
        this.scope = scope;
        this.plotTop = plotTop;
        byContainer = new Row[trace.containers().size()];
        for (Row r : rows) {
            if (r.aggregated()) {
                r.members().forEach(m -> byContainer[m.id()] = r);
            } else {
                byContainer[r.container().id()] = r;
            }
        }
    }

    /** The row drawn for container {@code id}, or null when neither it nor an ancestor is drawn. */
    Row of(int id) {
        if (id < 0 || id >= byContainer.length) {
            return null;
        }
        for (Container c = trace.container(id); c != null; c = c.parent()) {
            Row r = byContainer[c.id()];
            if (r != null) {
                return r;
            }
            if (scope.tops().contains(c)) {
                return null; // not above the drawn subtrees
            }
        }
        return null;
    }

    /** Whether {@code c} is in a drawn subtree (or above none: the hidden root of the whole trace). */
    boolean inScope(Container c) {
        for (Container top : scope.tops()) {
            if (Scope.isUnder(c, top)) {
                return true;
            }
        }
        return false;
    }

    int plotTop() {
        return plotTop;
    }
}
