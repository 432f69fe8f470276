package dev.paje.server;

import dev.paje.view.TraceView;
import com.fasterxml.jackson.core.JsonGenerator;
import com.sun.net.httpserver.HttpExchange;
import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.view.EntityMatcher;
import dev.paje.view.Search;
import dev.paje.view.SearchConditions;
import dev.paje.view.SearchQuery;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code GET /api/search?q=Q[&start=S&end=E][&containers=1,2][&limit=N]}: the states, events and links
 * matching a query ({@link SearchQuery}), earliest first, at most N (default 1000), with the total
 * count; for plain text also the containers whose name contains it. The search is {@link Search}'s.
 */
record SearchHandler(TraceView model) implements Endpoint {
    @Override
    public void handle(HttpExchange ex, Params params) throws IOException {
        SearchConditions conditions = SearchConditions.parse(params.text("q"));
        double start = params.has("start") ? params.number("start") : model.start();
        double end = params.has("end") ? params.number("end") : model.end();
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
        Search.Result found = Search.find(trace, conditions, containers, start, end, limit);
        Json.send(ex, 200, Json.bytes(g -> write(g, conditions, start, end, found)));
    }

    private static void write(JsonGenerator g, SearchConditions conditions, double start, double end, Search.Result found)
            throws IOException {
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
        g.writeNumberField("total", found.total());
        g.writeBooleanField("truncated", found.truncated());
        g.writeArrayFieldStart("containers");
        for (int id : found.containers()) {
            g.writeNumber(id);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("matches");
        for (EntityMatcher.Match m : found.matches()) {
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
