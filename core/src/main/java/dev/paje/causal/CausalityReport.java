package dev.paje.causal;

import dev.paje.store.Trace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code paje causality} reports: the tachyons, the pairs of clocks the links say disagree
 * (with the bounds the links put on their offset) and the least correction of every clock.
 *
 * @param links complete links examined
 * @param tachyons links ending before they start, worst first
 * @param disagreements pairs of clocks that need a correction, largest need first
 * @param fix the least non-negative shifts, or why there are none
 * @param drift the estimated drift of each clock, or null when not asked for; when given, the
 *     disagreements and the shifts are those of the clocks with their drift removed
 */
public record CausalityReport(long links, List<Tachyon> tachyons, List<Disagreement> disagreements, ClockFix fix,
        DriftEstimate drift) {

    /** True when no link ends before it starts. */
    public boolean consistent() {
        return tachyons.isEmpty();
    }

    public static CausalityReport of(Trace trace, ClockGroups groups, double minLatency) {
        ClockConstraints constraints = ClockConstraints.of(trace, groups, minLatency);
        return new CausalityReport(Links.count(trace), Tachyons.find(trace), disagreements(constraints),
                ClockShifts.solve(constraints), null);
    }

    /**
     * The report with each clock's drift estimated and removed before the shifts are computed.
     *
     * @throws IllegalArgumentException when a clock's estimated rate is not within (-1, 1)
     */
    public static CausalityReport withDrift(Trace trace, ClockGroups groups, double minLatency) {
        DriftEstimate drift = DriftEstimate.of(trace, groups);
        ClockConstraints constraints = ClockConstraints.of(trace, groups, minLatency, drift.map());
        return new CausalityReport(Links.count(trace), Tachyons.find(trace), disagreements(constraints),
                ClockShifts.solve(constraints), drift);
    }

    /** Every ordered pair whose links need more than the tolerance, oriented by its larger need. */
    static List<Disagreement> disagreements(ClockConstraints constraints) {
        Map<Long, ClockConstraints.Edge> byPair = new HashMap<>();
        for (ClockConstraints.Edge e : constraints.edges()) {
            byPair.put(((long) e.from() << 32) | e.to(), e);
        }
        double tol = constraints.tolerance();
        List<Disagreement> out = new ArrayList<>();
        for (ClockConstraints.Edge ab : constraints.edges()) {
            ClockConstraints.Edge ba = byPair.get(((long) ab.to() << 32) | ab.from());
            if (ab.need() <= tol) {
                continue;
            }
            if (ba != null && (ba.need() > ab.need() || (ba.need() == ab.need() && ba.from() < ab.from()))) {
                continue; // reported the other way round
            }
            out.add(new Disagreement(ab.from(), ab.to(), ab.need(), ba == null ? Double.POSITIVE_INFINITY : -ba.need(),
                    ab.links(), ab.tachyons(), ba == null ? 0 : ba.links(), ba == null ? 0 : ba.tachyons()));
        }
        out.sort((x, y) -> Double.compare(y.atLeast(), x.atLeast()));
        return List.copyOf(out);
    }
}
