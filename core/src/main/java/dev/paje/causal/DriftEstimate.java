package dev.paje.causal;

import dev.paje.store.Trace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * How fast each clock runs relative to a reference clock, from the messages exchanged both ways.
 * Each pair of clocks with enough messages both ways over a long enough time gives a relative rate
 * (see {@link DriftPair}): 0 when constant offsets already fit its messages (no drift is needed,
 * so none is assumed), else the slope with the widest margin when that margin is ≥ 0; pairs where
 * no line fits give nothing. Pairs are joined into one rate per clock by walking a tree of the
 * pairs with the most messages (best first) from the clock with the most messages, summing the
 * relative rates along the path; a clock with no usable pair keeps rate 0. Rates are measured from
 * the trace's start. Cost: O(messages · log(range / precision)).
 */
public final class DriftEstimate {
    /** Least messages each way for a pair to say anything about drift. */
    static final int MIN_EACH_WAY = 2;
    /** Least fraction of the trace's duration a pair's messages must span. */
    static final double MIN_SPAN = 0.1;

    /**
     * What one pair of clocks says.
     *
     * @param a, b the two clocks (group representatives), a < b
     * @param ab, ba messages from a to b and back
     * @param rate how much faster b's clock runs than a's (0 when not needed or not supported)
     * @param margin the margin with that rate (seconds; ≥ 0 when the rate is used)
     * @param used true when the pair's rate is trusted
     */
    public record Pair(int a, int b, int ab, int ba, double rate, double margin, boolean used) {
    }

    private final double ref;
    private final double[] rate; // per container id: the rate of its group
    private final List<Pair> pairs;

    private DriftEstimate(double ref, double[] rate, List<Pair> pairs) {
        this.ref = ref;
        this.rate = rate;
        this.pairs = pairs;
    }

    public static DriftEstimate of(Trace trace, ClockGroups groups) {
        double ref = trace.start();
        Map<Long, DriftPair> byPair = new HashMap<>();
        long[] messages = new long[groups.size()];
        double[] scale = {1};
        Links.forEach(trace, (holder, type, table, row) -> {
            int a = groups.of(table.from(row));
            int b = groups.of(table.to(row));
            if (a == b) {
                return;
            }
            messages[a]++;
            messages[b]++;
            double s = table.start(row) - ref;
            double r = table.end(row) - ref;
            scale[0] = Math.max(scale[0], Math.max(Math.abs(s), Math.abs(r)));
            int lo = Math.min(a, b);
            int hi = Math.max(a, b);
            byPair.computeIfAbsent(((long) lo << 32) | hi, k -> new DriftPair(lo, hi)).add(a, s, r);
        });
        double tol = scale[0] * 1e-12;
        double minSpan = MIN_SPAN * (trace.end() - trace.start());
        List<Pair> pairs = new ArrayList<>();
        for (DriftPair p : byPair.values()) {
            boolean enough = p.ups >= MIN_EACH_WAY && p.los >= MIN_EACH_WAY && p.span() >= minSpan && p.span() > 0;
            if (!enough) {
                pairs.add(new Pair(p.a, p.b, p.ups, p.los, 0, Double.NaN, false));
                continue;
            }
            double still = p.margin(0);
            if (still >= -tol) {
                pairs.add(new Pair(p.a, p.b, p.ups, p.los, 0, still, true));
                continue;
            }
            double best = p.bestRate();
            double m = p.margin(best);
            pairs.add(new Pair(p.a, p.b, p.ups, p.los, m >= 0 ? best : 0, m, m >= 0));
        }
        pairs.sort(Comparator.comparingInt(Pair::a).thenComparingInt(Pair::b));
        return new DriftEstimate(ref, rates(groups, pairs, messages), List.copyOf(pairs));
    }

    /** One rate per container: best-first over the used pairs (most messages first) from the busiest clock. */
    private static double[] rates(ClockGroups groups, List<Pair> pairs, long[] messages) {
        int n = groups.size();
        Map<Integer, List<Pair>> around = new HashMap<>();
        for (Pair p : pairs) {
            if (p.used()) {
                around.computeIfAbsent(p.a(), k -> new ArrayList<>()).add(p);
                around.computeIfAbsent(p.b(), k -> new ArrayList<>()).add(p);
            }
        }
        List<Integer> clocks = new ArrayList<>(around.keySet());
        clocks.sort(Comparator.comparingLong((Integer g) -> -messages[g]).thenComparingInt(g -> g));
        double[] byGroup = new double[n];
        boolean[] seen = new boolean[n];
        PriorityQueue<Pair> queue = new PriorityQueue<>(
                Comparator.comparingLong((Pair p) -> -(long) (p.ab() + p.ba())).thenComparingInt(Pair::a).thenComparingInt(Pair::b));
        for (int start : clocks) {
            if (seen[start]) {
                continue;
            }
            seen[start] = true; // the reference of its component: rate 0
            queue.addAll(around.get(start));
            while (!queue.isEmpty()) {
                Pair p = queue.poll();
                int next = seen[p.a()] ? p.b() : p.a();
                if (seen[next]) {
                    continue;
                }
                seen[next] = true;
                byGroup[next] = next == p.b() ? byGroup[p.a()] + p.rate() : byGroup[p.b()] - p.rate();
                queue.addAll(around.get(next));
            }
        }
        double[] rate = new double[n];
        for (int c = 0; c < n; c++) {
            rate[c] = byGroup[groups.of(c)];
        }
        return rate;
    }

    /** How much faster container {@code c}'s clock runs than the reference (0.00005: 50 ppm fast). */
    public double rate(int c) {
        return rate[c];
    }

    /** The time drift is measured from: the trace's start. */
    public double ref() {
        return ref;
    }

    /** What each pair of clocks linked both ways or not says, by (a, b). */
    public List<Pair> pairs() {
        return pairs;
    }

    /** The drift removal to apply before shifting. */
    public ClockMap map() {
        return ClockMap.drift(ref, rate);
    }
}
