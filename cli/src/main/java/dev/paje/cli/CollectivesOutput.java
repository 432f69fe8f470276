package dev.paje.cli;

import dev.paje.format.CsvWriter;
import dev.paje.collective.Collective;
import dev.paje.collective.CollectiveCounts;
import dev.paje.collective.Collectives;
import dev.paje.stats.Lookup;
import dev.paje.store.Container;
import dev.paje.store.Trace;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** {@code paje stats --collectives}: the operations of the selection counted by kind, type and value. */
final class CollectivesOutput {
    private final Writer out;

    CollectivesOutput(Writer out) {
        this.out = out;
    }

    /** The operations intersecting the window, of the types selected, involving a selected container (or one below). */
    static List<Collective> select(Trace trace, Collectives all, Lookup lookup, boolean everyContainer) {
        Set<Integer> types = new HashSet<>();
        lookup.types().forEach(t -> types.add(t.id()));
        Set<Container> chosen = new HashSet<>(lookup.containers());
        List<Collective> out = new ArrayList<>();
        all.intersecting(lookup.start(), lookup.end(), c -> {
            if (types.contains(c.type().id()) && (everyContainer || involves(trace, c, chosen))) {
                out.add(c);
            }
        });
        return out;
    }

    private static boolean involves(Trace trace, Collective c, Set<Container> chosen) {
        for (int id : c.containers()) {
            for (Container k = trace.container(id); k != null; k = k.parent()) {
                if (chosen.contains(k)) {
                    return true;
                }
            }
        }
        return false;
    }

    void table(String trace, Collectives all, List<Collective> chosen) throws IOException {
        out.write("Collective operations of " + trace + " (tolerance " + Quantities.duration(all.tolerance())
                + "): " + chosen.size() + "\n\n");
        TextTable t = new TextTable().row("kind", "type", "value", "count", "total", "mean", "members", "max containers");
        for (CollectiveCounts.Row r : CollectiveCounts.of(chosen)) {
            t.row(kind(r), r.type().name(), r.value(), Integer.toString(r.count()), Quantities.duration(r.totalDuration()),
                    Quantities.duration(r.meanDuration()), Long.toString(r.members()), Integer.toString(r.maxContainers()));
        }
        t.write(out, "");
    }

    void csv(List<Collective> chosen) throws IOException {
        CsvWriter csv = new CsvWriter(out);
        out.write("kind,type,value,count,total,mean,members,max_containers\n");
        for (CollectiveCounts.Row r : CollectiveCounts.of(chosen)) {
            csv.text(kind(r)).text(r.type().name()).text(r.value()).integer(r.count()).text(num(r.totalDuration()))
                    .text(num(r.meanDuration())).integer(r.members()).integer(r.maxContainers()).endRow();
        }
    }

    void json(String trace, Collectives all, List<Collective> chosen) throws IOException {
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var root = mapper.createObjectNode();
        root.put("trace", trace);
        root.put("tolerance", all.tolerance());
        root.put("operations", chosen.size());
        var rows = root.putArray("collectives");
        for (CollectiveCounts.Row r : CollectiveCounts.of(chosen)) {
            rows.addObject().put("kind", kind(r)).put("type", r.type().name()).put("value", r.value())
                    .put("count", r.count()).put("total", r.totalDuration()).put("mean", r.meanDuration())
                    .put("members", r.members()).put("maxContainers", r.maxContainers());
        }
        out.write(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root));
        out.write('\n');
    }

    private static String kind(CollectiveCounts.Row r) {
        return r.kind().name().toLowerCase(Locale.ROOT);
    }

    private static String num(double v) {
        return Double.toString(v);
    }
}
