package dev.paje.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
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
 * {@code paje stats --format json}: the result model as one JSON document (names unquoted, times
 * in the trace's unit, shares in [0, 1], null where undefined), streamed with Jackson.
 */
final class StatsJson {
    private final Writer out;

    StatsJson(Writer out) {
        this.out = out;
    }

    void write(StatsResult r, String traceName) throws IOException {
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("trace", traceName);
            g.writeNumberField("start", r.start());
            g.writeNumberField("end", r.end());
            g.writeStringField("groupBy", r.groupBy() == null ? null : DisplayNames.name(r.groupBy().name()));
            g.writeArrayFieldStart("subjects");
            for (SubjectStats s : r.subjects()) {
                subject(g, s);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.write('\n');
    }

    private static void subject(JsonGenerator g, SubjectStats s) throws IOException {
        g.writeStartObject();
        g.writeStringField("container", s.path());
        g.writeStringField("containerType", DisplayNames.name(s.container().type().name()));
        g.writeNumberField("members", s.members());
        g.writeArrayFieldStart("states");
        for (StateStats st : s.states()) {
            g.writeStartObject();
            g.writeStringField("type", DisplayNames.name(st.type().name()));
            number(g, "span", st.span());
            g.writeNumberField("levels", st.levels());
            g.writeArrayFieldStart("values");
            for (StateValueStats v : st.values()) {
                g.writeStartObject();
                g.writeStringField("value", DisplayNames.name(v.value().name()));
                g.writeNumberField("count", v.count());
                number(g, "time", v.time());
                number(g, "share", v.share());
                g.writeNumberField("innermostCount", v.innermostCount());
                number(g, "innermostTime", v.innermostTime());
                number(g, "innermostShare", v.innermostShare());
                g.writeArrayFieldStart("levels");
                for (StateValueStats.LevelStats l : v.levels()) {
                    g.writeStartObject();
                    g.writeNumberField("level", l.level());
                    g.writeNumberField("count", l.count());
                    number(g, "time", l.time());
                    number(g, "share", l.share());
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("events");
        for (EventStats e : s.events()) {
            g.writeStartObject();
            g.writeStringField("type", DisplayNames.name(e.type().name()));
            g.writeNumberField("total", e.total());
            g.writeArrayFieldStart("values");
            for (EventStats.ValueCount v : e.values()) {
                g.writeStartObject();
                g.writeStringField("value", DisplayNames.name(v.value().name()));
                g.writeNumberField("count", v.count());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("links");
        for (LinkStats l : s.links()) {
            g.writeStartObject();
            g.writeStringField("type", DisplayNames.name(l.type().name()));
            g.writeArrayFieldStart("values");
            for (LinkStats.LinkValueStats v : l.values()) {
                g.writeStartObject();
                g.writeStringField("value", DisplayNames.name(v.value().name()));
                g.writeNumberField("held", v.held());
                g.writeNumberField("sent", v.sent());
                g.writeNumberField("received", v.received());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("variables");
        for (VariableStats v : s.variables()) {
            g.writeStartObject();
            g.writeStringField("type", DisplayNames.name(v.type().name()));
            g.writeNumberField("containers", v.containers());
            number(g, "time", v.time());
            number(g, "min", v.min());
            number(g, "max", v.max());
            number(g, "mean", v.mean());
            number(g, "integral", v.integral());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** A number, or null when it is undefined (JSON has no NaN). */
    private static void number(JsonGenerator g, String field, double v) throws IOException {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            g.writeNullField(field);
        } else {
            g.writeNumberField(field, v);
        }
    }
}
