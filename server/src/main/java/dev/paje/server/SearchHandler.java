package dev.paje.server;

import dev.paje.store.DisplayNames;
import com.fasterxml.jackson.core.JsonGenerator;
import com.sun.net.httpserver.HttpExchange;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.VariableTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * {@code GET /api/search?q=Q[&start=S&end=E][&containers=1,2][&limit=N]}: the states, events and links
 * matching a query ({@link SearchQuery}), earliest first, at most N (default 1000), with the total
 * count; for plain text also the containers whose name contains it.
 */
final class SearchHandler implements Endpoint {
    private static final Comparator<EntityMatcher.Match> EARLIEST = Comparator.comparingDouble(EntityMatcher.Match::start)
            .thenComparingInt(EntityMatcher.Match::container).thenComparingInt(EntityMatcher.Match::type)
            .thenComparingInt(EntityMatcher.Match::row);

    private final TraceModel model;

    SearchHandler(TraceModel model) {
        this.model = model;
    }

    @Override
    public void handle(HttpExchange ex, Params params) throws IOException {
        SearchConditions conditions = SearchConditions.parse(params.text("q"));
        SearchQuery query = conditions.first();
        double start = params.has("start") ? params.number("start") : model.start();
        double end = params.has("end") ? params.number("end") : model.end();
        if (start > end) {
            throw ApiException.badRequest("start (" + start + ") is after end (" + end + ")");
        }
        int limit = params.has("limit") ? params.integer("limit", 1, 10_000) : 1000;
        Trace trace = model.trace();
        if (trace == null) {
            throw ApiException.notFound("the trace could not be read");
        }
        List<Container> containers = new ArrayList<>();
        if (params.has("containers")) {
            for (int id : params.ids("containers", trace.containers().size())) {
                containers.add(model.container(id));
            }
        } else {
            containers.addAll(trace.containers());
        }
        // the `limit` earliest matches, the latest of them on top to be dropped first
        PriorityQueue<EntityMatcher.Match> kept = new PriorityQueue<>(EARLIEST.reversed());
        long[] total = {0};
        SearchConditions.Matcher matcher = conditions.matcher(trace);
        List<Integer> named = new ArrayList<>();
        for (Container c : containers) {
            if (conditions.plain() && query.test(DisplayNames.name(c.name()))) {
                named.add(c.id());
            }
            for (Type t : model.entityTypes()) {
                EntityTable table = t.kind() == TypeKind.VARIABLE ? null : c.table(t);
                if (table == null || table instanceof VariableTable) {
                    continue;
                }
                matcher.match(c, t, table, start, end, model.end(), m -> {
                    total[0]++;
                    kept.add(m);
                    if (kept.size() > limit) {
                        kept.poll();
                    }
                });
            }
        }
        List<EntityMatcher.Match> matches = new ArrayList<>(kept);
        matches.sort(EARLIEST);
        Json.send(ex, 200, Json.bytes(g -> write(g, conditions, start, end, total[0], named, matches)));
    }

    private static void write(JsonGenerator g, SearchConditions conditions, double start, double end, long total,
            List<Integer> named, List<EntityMatcher.Match> matches) throws IOException {
        g.writeStartObject();
        writeQuery(g, "query", conditions.first());
        if (conditions.queries().size() > 1) {
            g.writeArrayFieldStart("conditions");
            for (SearchQuery q : conditions.queries()) {
                writeQuery(g, null, q);
            }
            g.writeEndArray();
        }
        Json.number(g, "start", start);
        Json.number(g, "end", end);
        g.writeNumberField("total", total);
        g.writeBooleanField("truncated", total > matches.size());
        g.writeArrayFieldStart("containers");
        for (int id : named) {
            g.writeNumber(id);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("matches");
        for (EntityMatcher.Match m : matches) {
            g.writeStartObject();
            g.writeStringField("kind", m.kind());
            g.writeNumberField("container", m.container());
            g.writeNumberField("type", m.type());
            g.writeNumberField("row", m.row());
            Json.number(g, "start", m.start());
            Json.number(g, "end", m.end());
            g.writeNumberField("value", m.value());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void writeQuery(JsonGenerator g, String name, SearchQuery q) throws IOException {
        if (name != null) {
            g.writeFieldName(name);
        }
        g.writeStartObject();
        g.writeStringField("field", q.field());
        g.writeStringField("op", q.op());
        g.writeStringField("text", q.text());
        g.writeEndObject();
    }
}
