package dev.paje.collective;

import dev.paje.store.Container;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.regex.Matcher;

/**
 * The collective operations of a trace (Poet's abstract events): links of one type and value that
 * start together across at least K containers, or that a key rule names as one operation, and events
 * of one type and value at (nearly) the same time in at least K containers. Found once by a sweep
 * over each type's rows in time order; then queried by time window like the store's tables.
 */
public final class Collectives {
    private final List<Collective> all;
    private final double tolerance;
    private final double maxDuration;

    private Collectives(List<Collective> all, double tolerance) {
        this.all = List.copyOf(all);
        this.tolerance = tolerance;
        double max = 0;
        for (Collective c : all) {
            max = Math.max(max, c.duration());
        }
        this.maxDuration = max;
    }

    public static Collectives find(Trace trace, CollectiveOptions options) {
        double tol = Double.isNaN(options.tolerance()) ? TimeResolution.of(trace) : options.tolerance();
        List<Draft> drafts = new ArrayList<>();
        for (Type t : trace.types()) {
            if (t.kind() == TypeKind.LINK && options.links()) {
                links(trace, t, new Sweep(Collective.Kind.LINK, t, tol, options.minContainers(), drafts), options);
            } else if (t.kind() == TypeKind.EVENT && options.events()) {
                events(trace, t, new Sweep(Collective.Kind.EVENT, t, tol, options.minContainers(), drafts));
            }
        }
        drafts.sort(Comparator.<Draft>comparingDouble(d -> d.start).thenComparingDouble(d -> d.end)
                .thenComparingInt(d -> d.type.id()).thenComparing(d -> d.value));
        List<Collective> out = new ArrayList<>(drafts.size());
        for (Draft d : drafts) {
            out.add(d.build(out.size()));
        }
        return new Collectives(out, tol);
    }

    /** The non-empty tables of one type, each with the container holding it, and their rows merged in time order. */
    private static final class Merged<T> {
        private final List<T> tables = new ArrayList<>();
        private final List<Integer> holders = new ArrayList<>();
        private final TimeMerge merge;

        Merged(Trace trace, Function<Container, T> tableOf, Function<T, Sorted> rows) {
            List<TimeMerge.Source> sources = new ArrayList<>();
            for (Container c : trace.containers()) {
                T table = tableOf.apply(c);
                Sorted sorted = table == null ? null : rows.apply(table);
                if (sorted != null && sorted.size() > 0) {
                    tables.add(table);
                    holders.add(c.id());
                    sources.add(sorted);
                }
            }
            merge = new TimeMerge(sources);
        }

        /** The table of the current row. */
        T table() {
            return tables.get(merge.source());
        }

        /** The container holding the current row. */
        int holder() {
            return holders.get(merge.source());
        }
    }

    private static void links(Trace trace, Type t, Sweep sweep, CollectiveOptions options) {
        Merged<LinkTable> merged = new Merged<>(trace, c -> c.links(t), l -> new Sorted(l.completeCount(), l::start));
        Matcher rule = options.keyRule() == null ? null : options.keyRule().matcher("");
        TimeMerge merge = merged.merge;
        while (merge.advance()) {
            LinkTable l = merged.table();
            int r = merge.row();
            int holder = merged.holder();
            String name = rule == null ? null : operation(rule, l.key(r));
            if (name != null) {
                sweep.byName(name, l.value(r), holder, r, l.start(r), l.end(r), l.from(r), l.to(r));
            } else {
                sweep.byTime(l.value(r), holder, r, l.start(r), l.end(r), l.from(r), l.to(r));
            }
        }
        sweep.finish();
    }

    /** The operation a key rule names in {@code key}, or null when it does not match. */
    private static String operation(Matcher rule, String key) {
        rule.reset(key);
        if (!rule.find()) {
            return null;
        }
        String g = rule.groupCount() >= 1 ? rule.group(1) : null;
        return g != null ? g : rule.group();
    }

    private static void events(Trace trace, Type t, Sweep sweep) {
        Merged<EventTable> merged = new Merged<>(trace, c -> c.events(t), Sorted::of);
        TimeMerge merge = merged.merge;
        while (merge.advance()) {
            EventTable e = merged.table();
            int r = merge.row();
            int c = merged.holder();
            sweep.byTime(e.value(r), c, r, e.time(r), e.time(r), c, c);
        }
        sweep.finish();
    }

    /** Every operation, by start time. */
    public List<Collective> all() {
        return all;
    }

    public int size() {
        return all.size();
    }

    public Collective get(int id) {
        return all.get(id);
    }

    /** The tolerance used (the trace's resolution unless one was given). */
    public double tolerance() {
        return tolerance;
    }

    /** The operations whose span intersects {@code [start, end]} (closed), by start time: O(log n + answer). */
    public void intersecting(double start, double end, Consumer<Collective> found) {
        int lo = 0;
        int hi = all.size();
        double from = start - maxDuration;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (all.get(mid).start() < from) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int i = lo; i < all.size() && all.get(i).start() <= end; i++) {
            Collective c = all.get(i);
            if (c.end() >= start) {
                found.accept(c);
            }
        }
    }
}
