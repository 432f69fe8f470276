package dev.paje.causal;

import dev.paje.store.Trace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The difference constraints the links put on clock corrections: a link from clock A to clock B
 * that starts at s and ends at r requires {@code offset(B) - offset(A) >= s - r + minLatency}, so
 * that once corrected it ends at least {@code minLatency} after it starts. One edge per ordered pair
 * of clocks, holding the largest such bound; links within one clock cannot be corrected by shifts.
 */
public final class ClockConstraints {

    /**
     * What the links from clock {@code from} to clock {@code to} require.
     *
     * @param from the container whose clock the links start in (a group representative)
     * @param to the container whose clock the links end in
     * @param need the least {@code offset(to) - offset(from)}: max over the links of start - end + minLatency
     * @param links how many links go from {@code from} to {@code to}
     * @param tachyons how many of them end before they start
     */
    public record Edge(int from, int to, double need, long links, long tachyons) {
    }

    private final Trace trace;
    private final ClockGroups groups;
    private final double minLatency;
    private final List<Edge> edges;
    private final List<Tachyon> unfixable;
    private final double scale;
    private final ClockMap drift;

    private ClockConstraints(Trace trace, ClockGroups groups, double minLatency, List<Edge> edges,
            List<Tachyon> unfixable, double scale, ClockMap drift) {
        this.drift = drift;
        this.trace = trace;
        this.groups = groups;
        this.minLatency = minLatency;
        this.edges = edges;
        this.unfixable = unfixable;
        this.scale = scale;
    }

    /** The constraints of every complete link of {@code trace}. */
    public static ClockConstraints of(Trace trace, ClockGroups groups, double minLatency) {
        return of(trace, groups, minLatency, ClockMap.identity(groups.size()));
    }

    /** The constraints of every link once each clock's drift is removed by {@code drift} (its shifts are ignored). */
    public static ClockConstraints of(Trace trace, ClockGroups groups, double minLatency, ClockMap drift) {
        if (!(minLatency >= 0) || Double.isInfinite(minLatency)) {
            throw new IllegalArgumentException("the minimum latency must be a finite number >= 0, found " + minLatency);
        }
        Map<Long, double[]> byPair = new HashMap<>(); // {need, links, tachyons}
        List<Tachyon> inside = new ArrayList<>();
        double[] scale = {1};
        Links.forEach(trace, (holder, type, table, row) -> {
            double s = drift.dedrift(table.from(row), table.start(row));
            double r = drift.dedrift(table.to(row), table.end(row));
            scale[0] = Math.max(scale[0], Math.max(Math.abs(s), Math.abs(r)));
            int a = groups.of(table.from(row));
            int b = groups.of(table.to(row));
            if (a == b) {
                if (r < s) {
                    inside.add(new Tachyon(holder, type, row, trace.container(table.from(row)),
                            trace.container(table.to(row)), table.start(row), table.end(row),
                            table.key(row)));
                }
                return;
            }
            double need = s - r + minLatency;
            double[] e = byPair.computeIfAbsent(((long) a << 32) | b, k -> new double[] {Double.NEGATIVE_INFINITY, 0, 0});
            e[0] = Math.max(e[0], need);
            e[1]++;
            if (r < s) {
                e[2]++;
            }
        });
        List<Edge> edges = new ArrayList<>(byPair.size());
        byPair.forEach((k, e) -> edges.add(new Edge((int) (k >>> 32), (int) (long) k, e[0], (long) e[1], (long) e[2])));
        edges.sort(Comparator.comparingInt(Edge::from).thenComparingInt(Edge::to));
        inside.sort(Comparator.comparingDouble(Tachyon::offset));
        return new ClockConstraints(trace, groups, minLatency, List.copyOf(edges), List.copyOf(inside), scale[0],
                drift.withShifts(new double[groups.size()]));
    }

    public Trace trace() {
        return trace;
    }

    public ClockGroups groups() {
        return groups;
    }

    /** The drift removed before the links are compared (rate 0 everywhere unless asked for). */
    public ClockMap drift() {
        return drift;
    }

    public double minLatency() {
        return minLatency;
    }

    /** One edge per ordered pair of distinct clocks linked by at least one link, by (from, to). */
    public List<Edge> edges() {
        return edges;
    }

    /** Tachyons whose two ends share one clock: no shift can fix them. Worst first. */
    public List<Tachyon> unfixable() {
        return unfixable;
    }

    /**
     * How far rounding may move a sum of link times: bounds below this are treated as met, so that
     * clocks in exact agreement are not reported as a cycle because of the last bit of a double.
     */
    public double tolerance() {
        return scale * 1e-12;
    }
}
