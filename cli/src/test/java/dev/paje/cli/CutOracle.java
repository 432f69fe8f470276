package dev.paje.cli;

import dev.paje.dump.CFormat;
import dev.paje.store.Container;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code paje dump --exact-values} of a cut must print, computed row by row from the original
 * store (not by replaying events, as the cut does): the documented rules of {@code paje cut}.
 * {@link #expected} are the clipped lines; {@link #unclipped} the same entities as the original
 * dump prints them, which must all be in the original's {@code dump -s S -e E}.
 */
final class CutOracle {
    final List<String> expected = new ArrayList<>();
    final List<String> unclipped = new ArrayList<>();
    private final double s;
    private final double e;
    private final boolean[] kept;
    private final double[] from;

    CutOracle(Trace trace, double s, double e) {
        this.s = s;
        this.e = e;
        kept = new boolean[trace.containers().size()];
        from = new double[kept.length];
        decide(trace.root());
        visit(trace, trace.root());
    }

    /** Which containers are kept and when the cut creates them: all of them first, for the links. */
    private void decide(Container c) {
        kept[c.id()] = c.parent() == null || keeps(c.start(), c.end(), kept[c.parent().id()]);
        from[c.id()] = c.parent() == null ? 0 : Math.max(c.start(), s);
        for (Container child : c.children()) {
            decide(child);
        }
    }

    /** The rule: overlaps the window for a positive time, or an instant inside it; and its parent is kept. */
    private boolean keeps(double a, double b, boolean parent) {
        return parent && (Math.max(a, s) < Math.min(b, e) || (a == b && a >= s && a <= e));
    }

    private void visit(Trace trace, Container c) {
        int id = c.id();
        double start = c.parent() == null ? 0 : Math.max(c.start(), s);
        double end = c.parent() == null ? Math.min(trace.end(), e) : Math.min(c.end(), e);
        if (!kept[id]) {
            return;
        }
        String parent = c.parent() == null ? "0" : c.parent().name();
        expected.add("Container, " + parent + ", " + c.type().name() + ", " + CFormat.general(start) + ", "
                + CFormat.general(end) + ", " + CFormat.general(end - start) + ", " + c.name());
        for (Type t : trace.types()) {
            Object table = c.table(t);
            String head = c.name() + ", " + t.name() + ", ";
            if (table instanceof StateTable st) {
                boolean[] keptAt = new boolean[1024];
                for (int i = 0; i < st.size(); i++) {
                    int level = st.level(i);
                    keptAt[level] = keeps(st.start(i), st.end(i), level == 0 || keptAt[level - 1]);
                    if (keptAt[level]) {
                        String tail = ", " + f(level) + ", " + t.value(st.value(i)).name();
                        add("State, " + head, st.start(i), st.end(i), tail);
                    }
                }
            } else if (table instanceof EventTable ev) {
                for (int i = 0; i < ev.size(); i++) {
                    if (ev.time(i) >= s && ev.time(i) <= e) {
                        String line = "Event, " + head + f(ev.time(i)) + ", " + t.value(ev.value(i)).name();
                        expected.add(line);
                        unclipped.add(line);
                    }
                }
            } else if (table instanceof VariableTable v) {
                for (int i = 0; i < v.size(); i++) {
                    if (keeps(v.start(i), v.end(i), true)) {
                        add("Variable, " + head, v.start(i), v.end(i), ", " + f(v.value(i)));
                    }
                }
            } else if (table instanceof LinkTable l) {
                for (int i = 0; i < l.completeCount(); i++) {
                    int a = l.from(i);
                    int b = l.to(i);
                    if (keeps(l.start(i), l.end(i), true) && kept[a] && kept[b] && from[a] <= Math.max(l.start(i), s)
                            && from[b] <= Math.min(l.end(i), e)) {
                        add("Link, " + head, l.start(i), l.end(i), ", " + t.value(l.value(i)).name() + ", "
                                + trace.container(a).name() + ", " + trace.container(b).name() + ", "
                                + l.key(i));
                    }
                }
            }
        }
        for (Container child : c.children()) {
            visit(trace, child);
        }
    }

    private void add(String head, double a, double b, String tail) {
        double ca = Math.max(a, s);
        double cb = Math.min(b, e);
        expected.add(head + f(ca) + ", " + f(cb) + ", " + f(cb - ca) + tail);
        unclipped.add(head + f(a) + ", " + f(b) + ", " + f(b - a) + tail);
    }

    private static String f(double x) {
        return CFormat.fixed(x, 6);
    }
}
