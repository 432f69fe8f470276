package dev.paje.server;

import dev.paje.view.TraceView;
import com.sun.net.httpserver.HttpExchange;
import dev.paje.store.DisplayNames;
import dev.paje.stats.Stats;
import dev.paje.stats.StatsException;
import dev.paje.stats.StatsOptions;
import dev.paje.stats.StatsResult;
import dev.paje.stats.SubjectStats;
import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.format.JsonOut;
import dev.paje.stats.StatsJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code GET /api/stats?start=S&end=E[&containers=1,2][&groupBy=T]}: the statistics of a time slice
 * (issue 5), computed by {@link Stats} and sent with ids, for the viewer's statistics panel.
 */
record StatsHandler(TraceView model) implements Endpoint {
    /** Above this many path comparisons, computing every container and keeping the wanted ones is cheaper. */
    private static final long PATH_LOOKUP_BUDGET = 2_000_000;

    @Override
    public void handle(HttpExchange ex, Params params) throws IOException {
        double start = params.number("start");
        double end = params.number("end");
        if (start > end) {
            throw ApiException.badRequest("start (" + start + ") is after end (" + end + ")");
        }
        Trace trace = model.trace();
        if (trace == null) {
            throw ApiException.notFound("the trace could not be read");
        }
        boolean[] wanted = null;
        List<Container> listed = new ArrayList<>();
        if (params.has("containers")) {
            wanted = new boolean[trace.containers().size()];
            for (int id : params.ids("containers", trace.containers().size())) {
                listed.add(model.container(id));
                wanted[id] = true;
            }
        }
        Type groupBy = params.has("groupBy") ? containerType(params.id("groupBy")) : null;
        StatsOptions options = StatsOptions.defaults().withWindow(start, end);
        if (groupBy != null) {
            options = options.withGroupBy(groupBy.name());
        } else if (wanted != null && !listed.isEmpty()
                && (long) listed.size() * trace.containers().size() <= PATH_LOOKUP_BUDGET) {
            // Stats selects by path; paths may repeat, so the answer is filtered by id below anyway
            options = options.withContainers(listed.stream().map(DisplayNames::path).distinct().toList());
        }
        StatsResult result = compute(trace, options, groupBy);
        List<SubjectStats> kept = new ArrayList<>();
        for (SubjectStats s : result.subjects()) {
            if (wanted == null || (groupBy == null ? wanted[s.container().id()] : touches(s.container(), wanted))) {
                kept.add(s);
            }
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream(4096);
        try (JsonOut g = new JsonOut(body)) {
            new StatsJson(g, StatsJson.Naming.IDS).write(null, result, kept);
        }
        Json.send(ex, 200, body.toByteArray());
    }

    private StatsResult compute(Trace trace, StatsOptions options, Type groupBy) {
        try {
            StatsResult r = Stats.compute(trace, options);
            if (groupBy != null && r.groupBy() != groupBy) {
                throw ApiException.badRequest("container type " + groupBy.id() + " shares its name with type "
                        + r.groupBy().id() + ": cannot group by it");
            }
            return r;
        } catch (StatsException e) {
            throw ApiException.badRequest(e.getMessage());
        }
    }

    private Type containerType(int id) {
        Trace trace = model.trace();
        if (id >= trace.types().size()) {
            throw ApiException.notFound("unknown type " + id);
        }
        Type t = trace.types().get(id);
        if (t.kind() != TypeKind.CONTAINER) {
            throw ApiException.badRequest("groupBy must be a container type; type " + id + " ('"
                    + DisplayNames.name(t.name()) + "') is a " + t.kind().name().toLowerCase(java.util.Locale.ROOT) + " type");
        }
        return t;
    }

    /** Whether a group (its top container and subtree) holds a listed container or lies below one. */
    private static boolean touches(Container top, boolean[] wanted) {
        for (Container c = top; c != null; c = c.parent()) {
            if (wanted[c.id()]) {
                return true;
            }
        }
        return holds(top, wanted);
    }

    private static boolean holds(Container c, boolean[] wanted) {
        if (wanted[c.id()]) {
            return true;
        }
        for (Container child : c.children()) {
            if (holds(child, wanted)) {
                return true;
            }
        }
        return false;
    }
}
