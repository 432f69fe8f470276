package dev.paje.server;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;

/** An endpoint that exists once the trace is loaded; before, it answers 503 with the progress. */
final class Deferred implements Endpoint {
    private final LoadStatus status;
    private volatile Endpoint target;

    Deferred(LoadStatus status) {
        this.status = status;
    }

    void set(Endpoint endpoint) {
        target = endpoint;
    }

    @Override
    public void handle(HttpExchange ex, Params params) throws IOException {
        Endpoint t = target;
        if (t == null) {
            throw status.notYet();
        }
        t.handle(ex, params);
    }
}
