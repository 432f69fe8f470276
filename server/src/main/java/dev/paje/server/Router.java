package dev.paje.server;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.net.InetAddress;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Sends each request to its endpoint by exact path (the rest to the static files) and turns
 * refusals into JSON errors. When the server listens on a loopback address, requests must name
 * it in their Host header: a web page cannot read the trace through DNS rebinding.
 */
final class Router implements HttpHandler {
    private static final Logger LOG = Logger.getLogger(Router.class.getName());
    private static final Set<String> LOCAL_NAMES = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

    private final Map<String, Endpoint> api;
    private final Endpoint files;
    private final boolean loopbackOnly;
    private final String host;

    Router(Map<String, Endpoint> api, Endpoint files, InetAddress bound, String host) {
        this.api = api;
        this.files = files;
        this.loopbackOnly = bound.isLoopbackAddress();
        this.host = host.toLowerCase(Locale.ROOT);
    }

    @Override
    public void handle(HttpExchange ex) throws IOException {
        try (ex) {
            try {
                if (!"GET".equals(ex.getRequestMethod())) {
                    ex.getResponseHeaders().set("Allow", "GET");
                    throw new ApiException(405, "only GET is supported, found " + ex.getRequestMethod());
                }
                if (loopbackOnly && !localHost(ex.getRequestHeaders().getFirst("Host"))) {
                    throw new ApiException(403, "this server only answers requests addressed to " + host);
                }
                String path = ex.getRequestURI().getRawPath();
                Endpoint endpoint = api.get(path);
                Params params = Params.parse(ex.getRequestURI().getRawQuery());
                (endpoint != null ? endpoint : files).handle(ex, params);
            } catch (ApiException e) {
                Json.error(ex, e.status(), e.getMessage());
            } catch (dev.paje.view.ViewException e) {
                Json.error(ex, switch (e.reason()) {
                    case BAD_REQUEST -> 400;
                    case NOT_FOUND -> 404;
                    case FORBIDDEN -> 403;
                }, e.getMessage());
            } catch (IOException e) {
                throw e; // the client went away: nothing to answer
            } catch (RuntimeException e) {
                dev.paje.store.StoreDamagedException damaged = damaged(e);
                if (damaged != null) {
                    // the viewer opens caches without reading every block first: a damaged one is found here
                    LOG.log(Level.SEVERE, damaged.getMessage());
                    boolean removed = damaged.file() != null && java.nio.file.Files.deleteIfExists(damaged.file());
                    if (ex.getResponseCode() < 0) {
                        Json.error(ex, 500, damaged.getMessage() + (removed
                                ? "; it was removed: restart paje view to rebuild it" : "; restart paje view with --no-cache"));
                    }
                    return;
                }
                LOG.log(Level.WARNING, "internal error on " + ex.getRequestURI(), e);
                if (ex.getResponseCode() < 0) {
                    Json.error(ex, 500, "internal error: " + e);
                }
            }
        }
    }

    /** The damaged store behind {@code e} (parts of large answers are made on other threads), or null. */
    private static dev.paje.store.StoreDamagedException damaged(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof dev.paje.store.StoreDamagedException d) {
                return d;
            }
        }
        return null;
    }

    private boolean localHost(String header) {
        if (header == null) {
            return false;
        }
        String name = header.toLowerCase(Locale.ROOT);
        int colon = name.lastIndexOf(':');
        if (colon > name.lastIndexOf(']')) {
            name = name.substring(0, colon);
        }
        return LOCAL_NAMES.contains(name) || name.equals(host);
    }
}
