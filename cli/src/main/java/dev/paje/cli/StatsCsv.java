package dev.paje.cli;

import dev.paje.format.CsvWriter;
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

/**
 * {@code paje stats --format csv}: one row per (container or group, type, value, level), with RFC 4180
 * quoting; numbers in full precision (Java's shortest round-trip form), empty when not applicable.
 */
final class StatsCsv {
    static final String HEADER = "container,kind,type,value,level,count,time,share,span,sent,received,min,max,mean,integral";

    private final Writer out;
    private final CsvWriter csv;

    StatsCsv(Writer out) {
        this.out = out;
        this.csv = new CsvWriter(out);
    }

    void write(StatsResult r) throws IOException {
        out.write(HEADER + "\n");
        for (SubjectStats s : r.subjects()) {
            for (StateStats st : s.states()) {
                for (StateValueStats v : st.values()) {
                    for (StateValueStats.LevelStats l : v.levels()) {
                        row(s, "state", st.type().name(), v.value().name(), Integer.toString(l.level()), num(l.count()),
                                num(l.time()), num(l.share()), num(st.span()), "", "", "", "", "", "");
                    }
                    row(s, "state", st.type().name(), v.value().name(), "all", num(v.count()), num(v.time()),
                            num(v.share()), num(st.span()), "", "", "", "", "", "");
                    row(s, "state", st.type().name(), v.value().name(), "innermost", num(v.innermostCount()),
                            num(v.innermostTime()), num(v.innermostShare()), num(st.span()), "", "", "", "", "", "");
                }
            }
            for (EventStats e : s.events()) {
                for (EventStats.ValueCount v : e.values()) {
                    row(s, "event", e.type().name(), v.value().name(), "", num(v.count()), "", "", "", "", "", "", "",
                            "", "");
                }
            }
            for (LinkStats l : s.links()) {
                for (LinkStats.LinkValueStats v : l.values()) {
                    row(s, "link", l.type().name(), v.value().name(), "", num(v.held()), "", "", "", num(v.sent()),
                            num(v.received()), "", "", "", "");
                }
            }
            for (VariableStats v : s.variables()) {
                row(s, "variable", v.type().name(), "", "", "", num(v.time()), "", "", "", "", num(v.min()),
                        num(v.max()), num(v.mean()), num(v.integral()));
            }
        }
    }

    private void row(SubjectStats s, String kind, String type, String value, String... figures) throws IOException {
        csv.text(s.path()).text(kind).text(DisplayNames.name(type)).text(DisplayNames.name(value));
        for (String f : figures) {
            csv.text(f);
        }
        csv.endRow();
    }

    private static String num(long n) {
        return Long.toString(n);
    }

    private static String num(double d) {
        return Double.isNaN(d) || Double.isInfinite(d) ? "" : Double.toString(d);
    }
}
