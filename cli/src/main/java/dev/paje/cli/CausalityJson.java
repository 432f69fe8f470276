package dev.paje.cli;

import dev.paje.causal.CausalityReport;
import dev.paje.causal.ClockFix;
import dev.paje.causal.Disagreement;
import dev.paje.causal.Tachyon;
import dev.paje.format.JsonOut;
import dev.paje.store.Container;
import dev.paje.store.Trace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** {@code paje causality --format json}: the same report for programs, numbers as exact doubles (through {@link JsonOut}). */
final class CausalityJson {
    private final PrintWriter out;
    private final int max;

    CausalityJson(PrintWriter out, int max) {
        this.out = out;
        this.max = max;
    }

    void print(String name, Trace trace, CausalityReport report, String per, double minLatency) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(4096); // a report is small: at most --max of each list
        try (JsonOut g = new JsonOut(bytes)) {
            write(g, name, trace, report, per, minLatency);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        out.println(bytes.toString(StandardCharsets.UTF_8));
    }

    private void write(JsonOut g, String name, Trace trace, CausalityReport report, String per, double minLatency)
            throws IOException {
        ClockFix fix = report.fix();
        g.beginObject().name("trace").value(name).name("consistent").value(report.consistent())
                .name("links").value(report.links()).name("tachyonCount").value(report.tachyons().size());
        g.name("tachyons").beginArray();
        for (Tachyon t : limit(report.tachyons())) {
            g.beginObject().name("offset").javaValue(t.offset()).name("start").javaValue(t.start())
                    .name("end").javaValue(t.end()).name("type").value(t.type().name()).name("key").value(t.key())
                    .name("from").value(ContainerPaths.of(t.from())).name("to").value(ContainerPaths.of(t.to()))
                    .name("container").value(ContainerPaths.of(t.holder())).endObject();
        }
        g.endArray().name("disagreementCount").value(report.disagreements().size());
        g.name("disagreements").beginArray();
        for (Disagreement d : limit(report.disagreements())) {
            g.beginObject().name("a").value(path(trace, d.a())).name("b").value(path(trace, d.b()))
                    .name("atLeast").javaValue(d.atLeast()).name("atMost").javaValue(d.atMost())
                    .name("linksAB").value(d.linksAb()).name("tachyonsAB").value(d.tachyonsAb())
                    .name("linksBA").value(d.linksBa()).name("tachyonsBA").value(d.tachyonsBa())
                    .name("reconcilable").value(d.reconcilable()).endObject();
        }
        g.endArray().name("corrections").beginObject().name("per").value(per).name("minLatency").javaValue(minLatency)
                .name("feasible").value(fix.feasible()).name("unfixableTachyons").value(fix.unfixable().size());
        g.name("cycle").beginArray();
        for (int c : fix.cycle()) {
            g.value(path(trace, c));
        }
        g.endArray().name("cycleExcess").javaValue(fix.cycleExcess()).name("shifts").beginArray();
        for (int c : limit(fix.feasible() ? fix.shifted() : List.of())) {
            g.beginObject().name("container").value(path(trace, c)).name("shift").javaValue(fix.shift(c)).endObject();
        }
        g.endArray().endObject();
        if (report.drift() != null) {
            g.name("drift").beginObject().name("since").javaValue(report.drift().ref()).name("rates").beginArray();
            for (int c = 0; c < trace.containers().size(); c++) {
                if (report.drift().rate(c) != 0 && fix.constraints().groups().of(c) == c) {
                    g.beginObject().name("container").value(path(trace, c)).name("rate").javaValue(report.drift().rate(c))
                            .name("ppm").javaValue(report.drift().rate(c) * 1e6).endObject();
                }
            }
            g.endArray().endObject();
        }
        g.endObject();
    }

    private static String path(Trace trace, int container) {
        Container c = trace.container(container);
        return ContainerPaths.of(c);
    }

    private <T> List<T> limit(List<T> all) {
        return max == 0 || all.size() <= max ? all : all.subList(0, max);
    }
}
