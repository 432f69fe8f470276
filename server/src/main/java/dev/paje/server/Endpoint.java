package dev.paje.server;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;

/** One route of the server; throws {@link ApiException} for requests it refuses. */
interface Endpoint {
    void handle(HttpExchange ex, Params params) throws IOException;
}
