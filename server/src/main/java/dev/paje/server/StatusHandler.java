package dev.paje.server;

import com.sun.net.httpserver.HttpExchange;
import dev.paje.store.SummaryBuild;
import java.io.IOException;

/**
 * {@code GET /api/status}: {@code {"state": "loading"|"ready"|"failed", "file", "done", "total",
 * "seconds", "message", "summaries"}}; the page polls it while the trace loads ("seconds": the load's time so far, or
 * what it took once ready or failed). "ready" means the first screen can
 * be drawn; the summaries of the other rows may still be built ({@code "summaries": {"state": "building"|"done"|
 * "failed", "done", "total", "seconds" (when done)}}, present when the load had them to build): a window that needs one waits for it.
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
            SummaryBuild build = status.summaries();
            if (build != null) {
                g.writeObjectFieldStart("summaries");
                g.writeStringField("state", build.failure() != null ? "failed" : build.finished() ? "done" : "building");
                g.writeNumberField("done", build.done());
                g.writeNumberField("total", build.total());
                if (!Double.isNaN(status.summariesDone())) { // from the server's start, like the load's "seconds"
                    g.writeNumberField("seconds", Math.round(status.summariesDone() * 10) / 10.0);
                }
                if (build.failure() != null) {
                    g.writeStringField("message", String.valueOf(build.failure().getMessage()));
                }
                g.writeEndObject();
            }
            g.writeEndObject();
        }));
    }
}
