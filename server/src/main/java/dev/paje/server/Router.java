package dev.paje.server;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Sends each request its {@link RequestGuard} lets through to its endpoint by exact path (the rest to
 * the static files), at most {@link ServerLimits#WORKERS} at once, and turns refusals into JSON errors.
 */
final class Router implements HttpHandler {
    private static final Logger LOG = Logger.getLogger(Router.class.getName());

    private final Map<String, Endpoint> api;
    private final Endpoint files;
    private final RequestGuard guard;
    // threads are one per connection: this keeps the computing ones to the cores
    private final Semaphore workers = new Semaphore(ServerLimits.WORKERS);

    Router(Map<String, Endpoint> api, Endpoint files, RequestGuard guard) {
        this.api = api;
        this.files = files;
        this.guard = guard;
    }

    @Override
    public void handle(HttpExchange ex) throws IOException {
        try (ex) {
            try {
                SecurityHeaders.common(ex);
                guard.check(ex);
                String path = ex.getRequestURI().getRawPath();
                Endpoint endpoint = api.get(path);
                Params params = Params.parse(ex.getRequestURI().getRawQuery());
                workers.acquireUninterruptibly();
                try {
                    (endpoint != null ? endpoint : files).handle(ex, params);
                } finally {
                    workers.release();
                }
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
                    if (damaged.sealed()) { // a damaged file: its message says what and where, no stack trace
                        LOG.log(Level.SEVERE, damaged.getMessage());
                    } else { // found while this process writes it: more likely a bug than the disk, so where it was read
                        LOG.log(Level.SEVERE, "damaged store on " + ex.getRequestURI(), e);
                    }
                    // a store still being written (progressive seal) is kept: its "damage" may be a read racing the writer
                    boolean removed = damaged.sealed() && damaged.file() != null
                            && java.nio.file.Files.deleteIfExists(damaged.file());
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
}
