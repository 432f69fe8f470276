package dev.paje.cli;

import dev.paje.causal.CausalityReport;
import dev.paje.causal.ClockFix;
import dev.paje.causal.Disagreement;
import dev.paje.causal.Tachyon;
import dev.paje.store.Trace;
import java.io.PrintWriter;
import java.util.List;

/** {@code paje causality --format json}: the same report for programs, numbers as exact doubles. */
final class CausalityJson {
    private final PrintWriter out;
    private final int max;

    CausalityJson(PrintWriter out, int max) {
        this.out = out;
        this.max = max;
    }

    void print(String name, Trace trace, CausalityReport report, String per, double minLatency) {
        ClockFix fix = report.fix();
        out.print("{\"trace\":" + str(name) + ",\"consistent\":" + report.consistent() + ",\"links\":" + report.links());
        out.print(",\"tachyonCount\":" + report.tachyons().size() + ",\"tachyons\":[");
        String sep = "";
        for (Tachyon t : limit(report.tachyons())) {
            out.print(sep + "{\"offset\":" + num(t.offset()) + ",\"start\":" + num(t.start()) + ",\"end\":" + num(t.end())
                    + ",\"type\":" + str(t.type().name()) + ",\"key\":" + str(t.key())
                    + ",\"from\":" + str(ContainerPaths.of(t.from())) + ",\"to\":" + str(ContainerPaths.of(t.to()))
                    + ",\"container\":" + str(ContainerPaths.of(t.holder())) + "}");
            sep = ",";
        }
        out.print("],\"disagreementCount\":" + report.disagreements().size() + ",\"disagreements\":[");
        sep = "";
        for (Disagreement d : limit(report.disagreements())) {
            out.print(sep + "{\"a\":" + str(ContainerPaths.of(trace.container(d.a()))) + ",\"b\":"
                    + str(ContainerPaths.of(trace.container(d.b()))) + ",\"atLeast\":" + num(d.atLeast())
                    + ",\"atMost\":" + num(d.atMost()) + ",\"linksAB\":" + d.linksAb() + ",\"tachyonsAB\":" + d.tachyonsAb()
                    + ",\"linksBA\":" + d.linksBa() + ",\"tachyonsBA\":" + d.tachyonsBa()
                    + ",\"reconcilable\":" + d.reconcilable() + "}");
            sep = ",";
        }
        out.print("],\"corrections\":{\"per\":" + (per == null ? "null" : str(per)) + ",\"minLatency\":" + num(minLatency)
                + ",\"feasible\":" + fix.feasible() + ",\"unfixableTachyons\":" + fix.unfixable().size() + ",\"cycle\":[");
        sep = "";
        for (int c : fix.cycle()) {
            out.print(sep + str(ContainerPaths.of(trace.container(c))));
            sep = ",";
        }
        out.print("],\"cycleExcess\":" + num(fix.cycleExcess()) + ",\"shifts\":[");
        sep = "";
        List<Integer> shifted = fix.feasible() ? fix.shifted() : List.of();
        for (int c : limit(shifted)) {
            out.print(sep + "{\"container\":" + str(ContainerPaths.of(trace.container(c))) + ",\"shift\":" + num(fix.shift(c)) + "}");
            sep = ",";
        }
        out.print("]}");
        if (report.drift() != null) {
            out.print(",\"drift\":{\"since\":" + num(report.drift().ref()) + ",\"rates\":[");
            sep = "";
            for (int c = 0; c < trace.containers().size(); c++) {
                if (report.drift().rate(c) != 0 && fix.constraints().groups().of(c) == c) {
                    out.print(sep + "{\"container\":" + str(ContainerPaths.of(trace.container(c))) + ",\"rate\":"
                            + num(report.drift().rate(c)) + ",\"ppm\":" + num(report.drift().rate(c) * 1e6) + "}");
                    sep = ",";
                }
            }
            out.print("]}");
        }
        out.println("}");
    }

    private <T> List<T> limit(List<T> all) {
        return max == 0 || all.size() <= max ? all : all.subList(0, max);
    }

    /** A JSON number; null for infinities (JSON has none). */
    private static String num(double v) {
        return Double.isFinite(v) ? Double.toString(v) : "null";
    }

    static String str(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
