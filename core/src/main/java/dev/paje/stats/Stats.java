package dev.paje.stats;

import dev.paje.store.DisplayNames;
import dev.paje.query.Window;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.VariableTable;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Time-slice statistics of a trace (issue 5): per container or group, the time in each state value,
 * event and link counts, and variable min/mean/max/integral over a window. Every figure comes from
 * {@link Window} queries, so the cost is that of the entities inside the window, not of the trace.
 * Subjects are computed in parallel; links are counted in one pass over every container, since a
 * link held by an ancestor is still sent or received by a selected container.
 */
public final class Stats {
    private Stats() {
    }

    /**
     * Computes the statistics {@code options} ask for.
     *
     * @throws StatsException when a container or type matches nothing, or the window is empty
     */
    public static StatsResult compute(Trace trace, StatsOptions options) {
        Selection sel = new Selection(trace, options);
        List<Type> selected = trace.types().stream().filter(t -> sel.typeSelected[t.id()]).toList();
        List<LinkAccumulator[]> links = links(trace, sel, selected);
        List<SubjectStats> subjects = IntStream.range(0, sel.subjects.size()).parallel()
                .mapToObj(i -> subject(trace, sel, selected, sel.subjects.get(i), links.get(i))).toList();
        return new StatsResult(sel.start, sel.end, sel.groupBy, subjects);
    }

    private static SubjectStats subject(Trace trace, Selection sel, List<Type> selected, Selection.Subject s,
            LinkAccumulator[] links) {
        List<StateStats> states = new ArrayList<>();
        List<EventStats> events = new ArrayList<>();
        List<LinkStats> linkStats = new ArrayList<>();
        List<VariableStats> variables = new ArrayList<>();
        for (Type t : selected) {
            switch (t.kind()) {
                case STATE -> add(states, states(trace, sel, s, t).result());
                case EVENT -> {
                    EventAccumulator a = new EventAccumulator(t);
                    for (Container c : s.members()) {
                        if (c.table(t) instanceof EventTable e) {
                            a.add(e, sel.start, sel.end);
                        }
                    }
                    add(events, a.result());
                }
                case VARIABLE -> {
                    VariableAccumulator a = new VariableAccumulator(t);
                    for (Container c : s.members()) {
                        if (c.table(t) instanceof VariableTable v) {
                            a.add(v, sel.start, sel.end, trace.end());
                        }
                    }
                    add(variables, a.result());
                }
                case LINK -> {
                    LinkAccumulator a = links[t.id()];
                    add(linkStats, a == null ? null : a.result());
                }
                case CONTAINER -> {
                    // container types hold no entities
                }
            }
        }
        return new SubjectStats(s.top(), DisplayNames.path(s.top()), s.members().size(), states, events, linkStats,
                variables);
    }

    private static StateAccumulator states(Trace trace, Selection sel, Selection.Subject s, Type t) {
        StateAccumulator a = new StateAccumulator(t);
        for (Container c : s.members()) {
            if (c.type() == t.parent()) {
                a.addSpan(lifetimeIn(c, sel.start, sel.end, trace.end()));
            }
            if (c.table(t) instanceof StateTable st) {
                a.add(st, sel.start, sel.end, trace.end());
            }
        }
        return a;
    }

    /** How long {@code c} exists inside {@code [start, end]}. */
    static double lifetimeIn(Container c, double start, double end, double traceEnd) {
        double e = c.isOpen() ? traceEnd : c.end();
        return Math.max(0, Math.min(e, end) - Math.max(c.start(), start));
    }

    private static <T> void add(List<T> list, T item) {
        if (item != null) {
            list.add(item);
        }
    }

    /** Link figures per subject and link type id, from every container's link tables. */
    private static List<LinkAccumulator[]> links(Trace trace, Selection sel, List<Type> selected) {
        int n = sel.subjects.size();
        List<LinkAccumulator[]> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(new LinkAccumulator[trace.types().size()]);
        }
        int[] subjectOf = sel.subjectOf;
        for (Type t : selected) {
            if (t.kind() != TypeKind.LINK) {
                continue;
            }
            for (Container c : trace.containers()) {
                EntityTable table = c.table(t);
                if (!(table instanceof LinkTable l)) {
                    continue;
                }
                int holder = subjectOf[c.id()];
                Window.links(l, sel.start, sel.end, i -> {
                    int v = l.value(i);
                    if (holder >= 0) {
                        accumulator(out, holder, t).held(v);
                    }
                    int from = subjectOf[l.from(i)];
                    if (from >= 0) {
                        accumulator(out, from, t).sent(v);
                    }
                    int to = subjectOf[l.to(i)];
                    if (to >= 0) {
                        accumulator(out, to, t).received(v);
                    }
                });
            }
        }
        return out;
    }

    private static LinkAccumulator accumulator(List<LinkAccumulator[]> all, int subject, Type t) {
        LinkAccumulator[] row = all.get(subject);
        LinkAccumulator a = row[t.id()];
        if (a == null) {
            a = new LinkAccumulator(t);
            row[t.id()] = a;
        }
        return a;
    }
}
