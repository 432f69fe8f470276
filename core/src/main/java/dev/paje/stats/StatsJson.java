package dev.paje.stats;

import dev.paje.format.JsonOut;
import dev.paje.store.DisplayNames;
import dev.paje.store.EntityValue;
import dev.paje.store.Type;
import java.io.IOException;
import java.util.List;

/**
 * A {@link StatsResult} as JSON, the one writer of {@code paje stats --format json} and of the viewer's
 * {@code /api/stats}: times in the trace's unit, shares in [0, 1], null where undefined.
 */
public final class StatsJson {
    /** How types, values and containers are named. */
    public enum Naming {
        /** By name, with the figures of each nesting level: a document that stands alone ({@code paje stats}). */
        NAMES,
        /** By id, as the page already has the names from {@code /api/meta}. */
        IDS
    }

    private final JsonOut g;
    private final Naming naming;

    public StatsJson(JsonOut g, Naming naming) {
        this.g = g;
        this.naming = naming;
    }

    /** The document: {@code trace} when not null, the window, the grouping and {@code subjects}. */
    public void write(String trace, StatsResult r, List<SubjectStats> subjects) throws IOException {
        g.beginObject();
        if (trace != null) {
            g.name("trace").value(trace);
        }
        g.name("start").javaValue(r.start());
        g.name("end").javaValue(r.end());
        Type groupBy = r.groupBy();
        if (groupBy == null) {
            g.name("groupBy").nullValue();
        } else {
            type("groupBy", groupBy);
        }
        objects("subjects", subjects, this::subject);
        g.endObject();
    }

    private void subject(SubjectStats s) throws IOException {
        if (naming == Naming.NAMES) {
            g.name("container").value(s.path());
            g.name("containerType").value(DisplayNames.name(s.container().type().name()));
        } else {
            g.name("container").value(s.container().id());
            g.name("path").value(s.path());
        }
        g.name("members").value(s.members());
        objects("states", s.states(), st -> {
            type("type", st.type());
            g.name("span").javaValue(st.span());
            g.name("levels").value(st.levels());
            objects("values", st.values(), this::stateValue);
        });
        objects("events", s.events(), e -> {
            type("type", e.type());
            g.name("total").value(e.total());
            objects("values", e.values(), v -> {
                value(v.value());
                g.name("count").value(v.count());
            });
        });
        objects("links", s.links(), l -> {
            type("type", l.type());
            objects("values", l.values(), v -> {
                value(v.value());
                g.name("held").value(v.held());
                g.name("sent").value(v.sent());
                g.name("received").value(v.received());
            });
        });
        objects("variables", s.variables(), v -> {
            type("type", v.type());
            g.name("containers").value(v.containers());
            g.name("time").javaValue(v.time());
            g.name("min").javaValue(v.min());
            g.name("max").javaValue(v.max());
            g.name("mean").javaValue(v.mean());
            g.name("integral").javaValue(v.integral());
        });
    }

    private void stateValue(StateValueStats v) throws IOException {
        value(v.value());
        g.name("count").value(v.count());
        g.name("time").javaValue(v.time());
        g.name("share").javaValue(v.share());
        g.name("innermostCount").value(v.innermostCount());
        g.name("innermostTime").javaValue(v.innermostTime());
        g.name("innermostShare").javaValue(v.innermostShare());
        if (naming == Naming.NAMES) {
            objects("levels", v.levels(), l -> {
                g.name("level").value(l.level());
                g.name("count").value(l.count());
                g.name("time").javaValue(l.time());
                g.name("share").javaValue(l.share());
            });
        }
    }

    /** The fields of one object of a list. */
    private interface Fields<T> {
        void write(T item) throws IOException;
    }

    /** {@code name}: an array of one object per item. */
    private <T> void objects(String name, List<T> items, Fields<T> fields) throws IOException {
        g.name(name).beginArray();
        for (T item : items) {
            g.beginObject();
            fields.write(item);
            g.endObject();
        }
        g.endArray();
    }

    private void type(String field, Type t) throws IOException {
        g.name(field);
        if (naming == Naming.NAMES) {
            g.value(DisplayNames.name(t.name()));
        } else {
            g.value(t.id());
        }
    }

    private void value(EntityValue v) throws IOException {
        g.name("value");
        if (naming == Naming.NAMES) {
            g.value(DisplayNames.name(v.name()));
        } else {
            g.value(v.index());
        }
    }
}
