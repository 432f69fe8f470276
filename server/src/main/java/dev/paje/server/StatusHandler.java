package dev.paje.server;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;

/**
 * {@code GET /api/status}: {@code {"state": "loading"|"ready"|"failed", "file", "done", "total",
 * "seconds", "message"}}; the page polls it while the trace loads.
 */
record StatusHandler(LoadStatus status) implements Endpoint {
    @Override
    public void handle(HttpExchange ex, Params params) throws IOException {
        Json.send(ex, 200, Json.bytes(g -> {
            g.writeStartObject();
            g.writeStringField("state", status.state().name().toLowerCase(java.util.Locale.ROOT));
            g.writeStringField("file", status.file());
            g.writeNumberField("done", status.bytesDone());
            g.writeNumberField("total", status.total());
            g.writeNumberField("seconds", Math.round(status.seconds() * 10) / 10.0);
            if (status.state() == LoadStatus.State.FAILED) {
                g.writeStringField("message", status.message());
            }
            g.writeEndObject();
        }));
    }
}
