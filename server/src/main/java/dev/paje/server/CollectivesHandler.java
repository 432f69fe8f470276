package dev.paje.server;

import dev.paje.view.TraceView;
import dev.paje.store.DisplayNames;
import com.fasterxml.jackson.core.JsonGenerator;
import com.sun.net.httpserver.HttpExchange;
import dev.paje.collective.Collective;
import dev.paje.collective.CollectiveOptions;
import dev.paje.collective.Collectives;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code GET /api/collectives?start=S&end=E[&containers=1,2][&min=K][&tolerance=T][&rule=REGEX][&limit=N]}:
 * the collective operations intersecting a window, for the page to draw each as one symbol. Found once
 * per set of options (a sweep over the whole trace, tens of ms on 400 K links) and kept.
 */
final class CollectivesHandler implements Endpoint {
    static final int DEFAULT_LIMIT = 2000;
    static final int MAX_LIMIT = 100_000;
    private static final int KEPT = 4;

    private final TraceView model;
    private final Map<String, Collectives> found = new LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Collectives> eldest) {
            return size() > KEPT;
        }
    };

    CollectivesHandler(TraceView model) {
        this.model = model;
    }

    @Override
    public void handle(HttpExchange ex, Params params) throws IOException {
        double[] window = params.window();
        double start = window[0];
        double end = window[1];
        int[] only = params.has("containers") ? params.ids("containers", WindowHandler.MAX_CONTAINERS) : null;
        if (only != null) {
            for (int id : only) {
                model.container(id); // 404 for an unknown one
            }
        }
        int limit = params.has("limit") ? params.integer("limit", 1, MAX_LIMIT) : DEFAULT_LIMIT;
        Collectives all = collectives(options(params));
        List<Collective> hits = new ArrayList<>();
        int[] total = {0};
        all.intersecting(start, end, c -> {
            if (only == null || involvesAny(c, only)) {
                total[0]++;
                if (hits.size() < limit) {
                    hits.add(c);
                }
            }
        });
        Json.send(ex, 200, Json.bytes(g -> {
            g.writeStartObject();
            Json.number(g, "start", start);
            Json.number(g, "end", end);
            Json.number(g, "tolerance", all.tolerance());
            g.writeNumberField("total", total[0]);
            g.writeBooleanField("truncated", total[0] > hits.size());
            g.writeArrayFieldStart("collectives");
            for (Collective c : hits) {
                write(g, c);
            }
            g.writeEndArray();
            g.writeEndObject();
        }));
    }

    private static boolean involvesAny(Collective c, int[] ids) {
        for (int id : ids) {
            if (c.involves(id)) {
                return true;
            }
        }
        return false;
    }

    private static CollectiveOptions options(Params params) {
        CollectiveOptions o = CollectiveOptions.defaults();
        if (params.has("min")) {
            o = o.withMinContainers(params.integer("min", 2, Integer.MAX_VALUE / 2));
        }
        if (params.has("tolerance")) {
            double t = params.number("tolerance");
            if (t < 0) {
                throw ApiException.badRequest("tolerance must be >= 0, found " + t);
            }
            o = o.withTolerance(t);
        }
        if (params.has("rule")) {
            try {
                o = o.withKeyRule(Pattern.compile(params.text("rule")));
            } catch (PatternSyntaxException e) {
                throw ApiException.badRequest("rule is not a regular expression: " + e.getDescription());
            }
        }
        return o;
    }

    /** The operations for these options, found on first request (one request at a time computes). */
    private synchronized Collectives collectives(CollectiveOptions o) {
        if (model.trace() == null) {
            throw ApiException.notFound("the trace could not be read: no collectives");
        }
        String key = o.tolerance() + "|" + o.minContainers() + "|" + (o.keyRule() == null ? "" : o.keyRule().pattern());
        return found.computeIfAbsent(key, k -> Collectives.find(model.trace(), o));
    }

    private static void write(JsonGenerator g, Collective c) throws IOException {
        g.writeStartObject();
        g.writeNumberField("id", c.id());
        g.writeStringField("kind", c.kind().name().toLowerCase(Locale.ROOT));
        g.writeStringField("basis", c.basis().name().toLowerCase(Locale.ROOT));
        g.writeNumberField("type", c.type().id());
        g.writeStringField("value", DisplayNames.name(c.value()));
        if (c.valueIndex() >= 0) {
            g.writeNumberField("valueId", c.valueIndex());
        } else {
            g.writeNullField("valueId");
        }
        Json.number(g, "start", c.start());
        Json.number(g, "end", c.end());
        g.writeNumberField("members", c.members());
        g.writeFieldName("containers");
        g.writeArray(c.containers(), 0, c.containers().length);
        g.writeFieldName("holders");
        g.writeArray(c.holders(), 0, c.holders().length);
        g.writeFieldName("rows");
        g.writeArray(c.rows(), 0, c.rows().length);
        g.writeEndObject();
    }
}
