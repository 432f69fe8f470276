package dev.paje.cli;

import dev.paje.store.DisplayNames;
import dev.paje.stats.EventStats;
import dev.paje.stats.LinkStats;
import dev.paje.stats.StateStats;
import dev.paje.stats.StateValueStats;
import dev.paje.stats.StatsResult;
import dev.paje.stats.SubjectStats;
import dev.paje.stats.VariableStats;
import java.io.IOException;
import java.io.Writer;

/** {@code paje stats --format table}: one aligned block per container (or group) and entity type. */
final class StatsTable {
    private final Writer out;

    StatsTable(Writer out) {
        this.out = out;
    }

    void write(StatsResult r, String traceName) throws IOException {
        out.write("Statistics of " + traceName + ", window " + Quantities.duration(r.start()) + " .. "
                + Quantities.duration(r.end()) + " (" + Quantities.duration(r.duration()) + ")"
                + (r.groupBy() == null ? "" : ", grouped by " + DisplayNames.name(r.groupBy().name())) + "\n");
        out.write("time: every nesting level added up (as paje dump); innermost: only while on top of the stack"
                + " (as paje dump -i);\nshare: of the time the containers able to hold the type exist in the window.\n");
        boolean any = false;
        for (SubjectStats s : r.subjects()) {
            if (s.isEmpty()) {
                continue;
            }
            any = true;
            out.write("\n" + s.path() + "  (" + DisplayNames.name(s.container().type().name())
                    + (r.groupBy() == null ? "" : ", " + s.members() + " container" + (s.members() == 1 ? "" : "s"))
                    + ")\n");
            for (StateStats st : s.states()) {
                states(st);
            }
            for (EventStats e : s.events()) {
                TextTable t = new TextTable().row("event " + name(e.type().name()), "count");
                e.values().forEach(v -> t.row("  " + name(v.value().name()), Long.toString(v.count())));
                t.write(out, "  ");
            }
            for (LinkStats l : s.links()) {
                TextTable t = new TextTable().row("link " + name(l.type().name()), "held", "sent", "received");
                l.values().forEach(v -> t.row("  " + name(v.value().name()), Long.toString(v.held()),
                        Long.toString(v.sent()), Long.toString(v.received())));
                t.write(out, "  ");
            }
            for (VariableStats v : s.variables()) {
                new TextTable().row("variable " + name(v.type().name()), "min", "max", "mean", "integral", "time")
                        .row("", Quantities.number(v.min()), Quantities.number(v.max()), Quantities.number(v.mean()),
                                Quantities.number(v.integral()), Quantities.duration(v.time()))
                        .write(out, "  ");
            }
        }
        if (!any) {
            out.write("\nnothing of the selected types happens in the selected containers during the window\n");
        }
    }

    private void states(StateStats st) throws IOException {
        TextTable t = new TextTable().row("state " + name(st.type().name()) + " (span " + Quantities.duration(st.span())
                + ")", "count", "time", "share", "innermost", "share");
        for (StateValueStats v : st.values()) {
            t.row("  " + name(v.value().name()), Long.toString(v.count()), Quantities.duration(v.time()),
                    Quantities.percent(v.share()), Quantities.duration(v.innermostTime()),
                    Quantities.percent(v.innermostShare()));
            if (st.levels() > 1) {
                for (StateValueStats.LevelStats l : v.levels()) {
                    t.row("    level " + l.level(), Long.toString(l.count()), Quantities.duration(l.time()),
                            Quantities.percent(l.share()));
                }
            }
        }
        t.write(out, "  ");
    }

    private static String name(String raw) {
        return DisplayNames.name(raw);
    }
}
