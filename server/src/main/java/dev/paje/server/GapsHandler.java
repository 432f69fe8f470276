package dev.paje.server;

import dev.paje.view.TraceView;
import com.sun.net.httpserver.HttpExchange;
import dev.paje.query.IdleGaps;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.Type;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code GET /api/gaps?start=S&end=E&containers=1,2[&min=M]}: the idle spans of a window (nothing
 * starts, ends, occurs or steps in any listed container; links held by them count at both ends), for
 * the page to fold them into cut marks. {@code min} defaults to a tenth of the window.
 */
record GapsHandler(TraceView model) implements Endpoint {
    @Override
    public void handle(HttpExchange ex, Params params) throws IOException {
        double[] window = params.window();
        double start = window[0];
        double end = window[1];
        double min = params.has("min") ? params.number("min") : (end - start) / 10;
        if (!(min > 0) && end > start) {
            throw ApiException.badRequest("min must be positive, found " + min);
        }
        List<EntityTable> tables = new ArrayList<>();
        List<Double> moments = new ArrayList<>();
        for (int id : params.ids("containers", WindowHandler.MAX_CONTAINERS)) {
            Container c = model.container(id);
            moments.add(c.start());
            if (!Double.isNaN(c.end())) {
                moments.add(c.end());
            }
            for (Type t : model.entityTypes()) {
                EntityTable table = c.table(t);
                if (table != null && table.size() > 0) {
                    tables.add(table);
                }
            }
        }
        IdleGaps idle = new IdleGaps(tables, moments.stream().mapToDouble(Double::doubleValue).toArray());
        List<double[]> gaps = idle.find(start, end, min);
        double effective = Math.max(min, 2 * (end - start) / IdleGaps.MAX_BUCKETS);
        Json.send(ex, 200, Json.bytes(g -> {
            g.writeStartObject();
            Json.number(g, "start", start);
            Json.number(g, "end", end);
            Json.number(g, "min", effective);
            g.writeArrayFieldStart("gaps");
            for (double[] gap : gaps) {
                g.writeStartArray();
                g.writeNumber(gap[0]);
                g.writeNumber(gap[1]);
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeEndObject();
        }));
    }
}
