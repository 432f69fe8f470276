package dev.paje.server;

import dev.paje.view.TraceView;
import dev.paje.view.LogicalView;
import com.fasterxml.jackson.core.JsonGenerator;
import com.sun.net.httpserver.HttpExchange;
import dev.paje.causal.LogicalAxis;
import dev.paje.causal.LogicalTime;
import dev.paje.store.Container;
import java.io.IOException;
import java.util.List;

/**
 * {@code GET /api/logical[?times=T,..|positions=X,..][&container=C]}: the logical axis of the trace
 * (its extent and each container's lifetime on it), and conversions between real times and logical
 * positions, so that the page keeps an entity or a region in view when it switches axes.
 */
final class LogicalHandler implements Endpoint {
    private static final int MAX_VALUES = 1000;

    private final TraceView model;
    private final LogicalView logical;

    LogicalHandler(TraceView model, LogicalView logical) {
        this.model = model;
        this.logical = logical;
    }

    @Override
    public void handle(HttpExchange ex, Params params) throws IOException {
        LogicalAxis axis = logical.axis();
        LogicalTime time = logical.time();
        int container = params.has("container") ? model.container(params.id("container")).id() : -1;
        double[] times = params.has("times") ? numbers(params, "times") : null;
        double[] positions = params.has("positions") ? numbers(params, "positions") : null;
        Json.send(ex, 200, Json.bytes(g -> {
            g.writeStartObject();
            g.writeNumberField("start", 0);
            g.writeNumberField("end", axis.end());
            g.writeNumberField("maxClock", time.maxClock());
            g.writeNumberField("links", time.links());
            g.writeNumberField("ignoredLinks", time.ignoredLinks());
            if (times != null) {
                g.writeArrayFieldStart("positions");
                for (double t : times) {
                    Json.number(g, container >= 0 ? axis.position(container, t) : axis.position(t));
                }
                g.writeEndArray();
            }
            if (positions != null) {
                g.writeArrayFieldStart("times");
                for (double x : positions) {
                    Json.number(g, container >= 0 ? axis.time(container, x) : axis.time(x));
                }
                g.writeEndArray();
            }
            if (times == null && positions == null) {
                lifetimes(g, axis);
            }
            g.writeEndObject();
        }));
    }

    /** Where each container is created and destroyed on the logical axis (by id; alive to the end: the axis' end). */
    private void lifetimes(JsonGenerator g, LogicalAxis axis) throws IOException {
        List<Container> all = model.trace().containers();
        g.writeObjectFieldStart("containers");
        g.writeArrayFieldStart("start");
        for (Container c : all) {
            Json.number(g, axis.position(c.id(), c.start()));
        }
        g.writeEndArray();
        g.writeArrayFieldStart("end");
        for (Container c : all) {
            boolean open = Double.isNaN(c.end()) || c.end() >= model.end();
            Json.number(g, open ? axis.end() : axis.position(c.id(), c.end()));
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static double[] numbers(Params params, String name) {
        String[] parts = params.text(name).split(",", -1);
        if (parts.length > MAX_VALUES) {
            throw ApiException.badRequest("too many " + name + ": " + parts.length + " given, at most " + MAX_VALUES);
        }
        double[] out = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                out[i] = Double.parseDouble(parts[i].trim());
            } catch (NumberFormatException e) {
                out[i] = Double.NaN;
            }
            if (!Double.isFinite(out[i])) {
                throw ApiException.badRequest(name + " must be a comma-separated list of numbers, found '" + parts[i] + "'");
            }
        }
        return out;
    }
}
