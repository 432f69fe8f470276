package dev.paje.cli;

import dev.paje.causal.CausalityReport;
import dev.paje.causal.ClockFix;
import dev.paje.causal.Disagreement;
import dev.paje.causal.DriftEstimate;
import dev.paje.causal.Tachyon;
import dev.paje.store.Trace;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;

/** {@code paje causality} for people: aligned columns, the worst first, {@code max} rows per list. */
final class CausalityTable {
    private final PrintWriter out;
    private final int max;

    CausalityTable(PrintWriter out, int max) {
        this.out = out;
        this.max = max;
    }

    private dev.paje.causal.ClockGroups group;

    void print(String name, Trace trace, CausalityReport report) {
        group = report.fix().constraints().groups();
        List<Tachyon> tachyons = report.tachyons();
        if (report.consistent()) {
            out.printf("%s: causally consistent: no link ends before it starts (%d links)%n", name, report.links());
        } else {
            out.printf("%s: %d tachyon%s (links that end before they start) among %d links%n", name, tachyons.size(),
                    tachyons.size() == 1 ? "" : "s", report.links());
            out.println();
            out.printf("%-14s %-16s %-16s %-12s %-12s %s%n", "offset", "start (s)", "end (s)", "type", "key", "from -> to");
            for (Tachyon t : limit(tachyons)) {
                out.printf("%-14s %-16s %-16s %-12s %-12s %s -> %s%n", Quantities.exactDuration(t.offset()), num(t.start()), num(t.end()),
                        t.type().name(), t.key(), ContainerPaths.of(t.from()), ContainerPaths.of(t.to()));
            }
            more(tachyons.size(), "tachyons");
        }
        List<Disagreement> pairs = report.disagreements();
        if (!pairs.isEmpty()) {
            out.println();
            out.println("Clocks that disagree: the links need offset(B) - offset(A) within [at least, at most]:");
            out.printf("%-16s %-16s %-10s %-10s %-30s %s%n", "at least", "at most", "A->B", "B->A", "A", "B");
            for (Disagreement d : limit(pairs)) {
                out.printf("%-16s %-16s %-10s %-10s %-30s %s%s%n", Quantities.exactDuration(d.atLeast()),
                        Double.isInfinite(d.atMost()) ? "-" : Quantities.exactDuration(d.atMost()), d.linksAb() + "/" + d.tachyonsAb(),
                        d.linksBa() + "/" + d.tachyonsBa(), ContainerPaths.of(trace.container(d.a())),
                        ContainerPaths.of(trace.container(d.b())), d.reconcilable() ? "" : "  (cannot be reconciled)");
            }
            more(pairs.size(), "pairs");
            out.println("(A->B: links from A to B / of which tachyons)");
        }
        if (report.drift() != null) {
            drift(trace, report.drift());
        }
        corrections(trace, report.fix());
    }

    /** The estimated rate of every clock that drifts (relative to the busiest clock linked to it). */
    private void drift(Trace trace, DriftEstimate drift) {
        List<Integer> drifting = new ArrayList<>();
        for (int c = 0; c < trace.containers().size(); c++) {
            if (drift.rate(c) != 0 && (report(trace, c))) {
                drifting.add(c);
            }
        }
        long used = drift.pairs().stream().filter(DriftEstimate.Pair::used).count();
        out.println();
        if (drifting.isEmpty()) {
            out.printf("Clock drift: none (%d of %d linked pairs of clocks have enough messages both ways to tell)%n",
                    used, drift.pairs().size());
            return;
        }
        out.printf("Clock drift (ppm faster than the reference clock, removed before shifting; %d of %d linked pairs"
                + " have enough messages both ways): %d clock%s%n", used, drift.pairs().size(), drifting.size(), drifting.size() == 1 ? "" : "s");
        for (int c : limit(drifting)) {
            out.printf("  %-16s %s%n", ppm(drift.rate(c)), ContainerPaths.of(trace.container(c)));
        }
        more(drifting.size(), "clocks");
    }

    /** True for the container whose clock a group is named after (each group is listed once). */
    private boolean report(Trace trace, int c) {
        return group == null || group.of(c) == c;
    }

    /** A rate in parts per million, signed, with up to three decimals. */
    static String ppm(double rate) {
        return String.format(java.util.Locale.ROOT, "%+.3f", rate * 1e6);
    }

    private void corrections(Trace trace, ClockFix fix) {
        if (!fix.unfixable().isEmpty()) {
            out.println();
            out.printf("%d tachyon%s inside one clock: no clock shift can fix %s (see --per)%n", fix.unfixable().size(),
                    fix.unfixable().size() == 1 ? "" : "s", fix.unfixable().size() == 1 ? "it" : "them");
            return;
        }
        if (!fix.cycle().isEmpty()) {
            out.println();
            StringBuilder sb = new StringBuilder();
            for (int c : fix.cycle()) {
                sb.append(ContainerPaths.of(trace.container(c))).append(" -> ");
            }
            sb.append(ContainerPaths.of(trace.container(fix.cycle().get(0))));
            out.printf("No clock shifts can fix these links: around the cycle %s the links need %s more than clocks"
                    + " can give%n", sb, Quantities.exactDuration(fix.cycleExcess()));
            return;
        }
        List<Integer> shifted = fix.shifted();
        if (shifted.isEmpty()) {
            return;
        }
        out.println();
        out.printf("Least corrections (time added to each clock; none moves back; the sum and the largest are"
                + " the smallest possible): %d clock%s%n", shifted.size(), shifted.size() == 1 ? "" : "s");
        for (int c : limit(shifted)) {
            out.printf("  %-16s %s%n", "+" + Quantities.exactDuration(fix.shift(c)), ContainerPaths.of(trace.container(c)));
        }
        more(shifted.size(), "clocks");
    }

    private <T> List<T> limit(List<T> all) {
        return max == 0 || all.size() <= max ? all : all.subList(0, max);
    }

    private void more(int size, String what) {
        if (max != 0 && size > max) {
            out.printf("... and %d more %s (use --max 0 to list all)%n", size - max, what);
        }
    }

    /** Twelve significant digits, no exponent, no trailing zeros: enough to tell clocks apart. */
    static String num(double v) {
        if (v == 0) {
            return "0";
        }
        return new BigDecimal(v).round(new MathContext(12)).stripTrailingZeros().toPlainString();
    }
}
