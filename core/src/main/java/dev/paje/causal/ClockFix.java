package dev.paje.causal;

import java.util.ArrayList;
import java.util.List;

/**
 * The least clock corrections that make every link end at or after its start (plus the minimum
 * latency): a shift per clock, all {@code >= 0}, each as small as any valid non-negative set of
 * shifts allows, so their sum and their maximum are the smallest possible too. When no shifts can
 * do it, says why: a cycle of links asking for more than zero in total, or tachyons inside one clock.
 */
public final class ClockFix {
    private final ClockConstraints constraints;
    private final double[] shift; // per container id: the shift of its clock group
    private final List<Integer> cycle;
    private final double cycleExcess;
    private final long roundingFailures;
    private final ClockMap map;

    ClockFix(ClockConstraints constraints, double[] shift, List<Integer> cycle, double cycleExcess, long roundingFailures) {
        this.constraints = constraints;
        this.shift = shift;
        this.cycle = List.copyOf(cycle);
        this.cycleExcess = cycleExcess;
        this.roundingFailures = roundingFailures;
        this.map = constraints.drift().withShifts(shift);
    }

    /** The whole correction of each clock: its drift removed (if any was asked for), then its shift. */
    public ClockMap map() {
        return map;
    }

    /** True when the shifts below fix every link. */
    public boolean feasible() {
        return cycle.isEmpty() && constraints.unfixable().isEmpty() && roundingFailures == 0;
    }

    /** What is added to the times of container {@code container} (that of its clock group); 0 if none. */
    public double shift(int container) {
        return shift[container];
    }

    /** The clock groups (their representative container ids) that move, by id. */
    public List<Integer> shifted() {
        List<Integer> out = new ArrayList<>();
        for (int c = 0; c < shift.length; c++) {
            if (shift[c] > 0 && constraints.groups().of(c) == c) {
                out.add(c);
            }
        }
        return out;
    }

    /** The largest shift (0 when nothing moves). */
    public double maxShift() {
        double m = 0;
        for (double s : shift) {
            m = Math.max(m, s);
        }
        return m;
    }

    /**
     * When infeasible because of links: clock groups around a cycle whose needs sum to more than
     * zero (each must be shifted after the previous one, and the last before the first). Empty otherwise.
     */
    public List<Integer> cycle() {
        return cycle;
    }

    /** How much the needs around {@link #cycle()} add up to: by how much the cycle cannot close. */
    public double cycleExcess() {
        return cycleExcess;
    }

    /** Tachyons within one clock group, which no shift can fix. */
    public List<Tachyon> unfixable() {
        return constraints.unfixable();
    }

    /** Links still off by a rounding error after the last correction round (normally 0). */
    public long roundingFailures() {
        return roundingFailures;
    }

    public ClockConstraints constraints() {
        return constraints;
    }
}
