package dev.paje.server;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.paje.stats.EventStats;
import dev.paje.stats.LinkStats;
import dev.paje.stats.StateStats;
import dev.paje.stats.StateValueStats;
import dev.paje.stats.StatsResult;
import dev.paje.stats.SubjectStats;
import dev.paje.stats.VariableStats;
import dev.paje.store.Type;
import java.io.IOException;
import java.util.List;

/**
 * The JSON of {@code /api/stats}: {@link StatsResult} with ids (container, type, value) instead of
 * names, since the page already has the names from {@code /api/meta}; undefined shares are null.
 */
final class StatsWriter {
    private final JsonGenerator g;

    StatsWriter(JsonGenerator g) {
        this.g = g;
    }

    void write(StatsResult r, Type groupBy, List<SubjectStats> subjects) throws IOException {
        g.writeStartObject();
        Json.number(g, "start", r.start());
        Json.number(g, "end", r.end());
        if (groupBy == null) {
            g.writeNullField("groupBy");
        } else {
            g.writeNumberField("groupBy", groupBy.id());
        }
        g.writeArrayFieldStart("subjects");
        for (SubjectStats s : subjects) {
            subject(s);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private void subject(SubjectStats s) throws IOException {
        g.writeStartObject();
        g.writeNumberField("container", s.container().id());
        g.writeStringField("path", s.path());
        g.writeNumberField("members", s.members());
        g.writeArrayFieldStart("states");
        for (StateStats st : s.states()) {
            g.writeStartObject();
            g.writeNumberField("type", st.type().id());
            Json.number(g, "span", st.span());
            g.writeNumberField("levels", st.levels());
            g.writeArrayFieldStart("values");
            for (StateValueStats v : st.values()) {
                g.writeStartObject();
                g.writeNumberField("value", v.value().index());
                g.writeNumberField("count", v.count());
                Json.number(g, "time", v.time());
                Json.number(g, "share", v.share());
                g.writeNumberField("innermostCount", v.innermostCount());
                Json.number(g, "innermostTime", v.innermostTime());
                Json.number(g, "innermostShare", v.innermostShare());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("events");
        for (EventStats e : s.events()) {
            g.writeStartObject();
            g.writeNumberField("type", e.type().id());
            g.writeNumberField("total", e.total());
            g.writeArrayFieldStart("values");
            for (EventStats.ValueCount v : e.values()) {
                g.writeStartObject();
                g.writeNumberField("value", v.value().index());
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
            g.writeNumberField("type", l.type().id());
            g.writeArrayFieldStart("values");
            for (LinkStats.LinkValueStats v : l.values()) {
                g.writeStartObject();
                g.writeNumberField("value", v.value().index());
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
            g.writeNumberField("type", v.type().id());
            g.writeNumberField("containers", v.containers());
            Json.number(g, "time", v.time());
            Json.number(g, "min", v.min());
            Json.number(g, "max", v.max());
            Json.number(g, "mean", v.mean());
            Json.number(g, "integral", v.integral());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }
}
