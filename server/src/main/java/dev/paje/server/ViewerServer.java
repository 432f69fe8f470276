package dev.paje.server;

import com.sun.net.httpserver.HttpServer;
import dev.paje.TraceLoader;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The viewer's HTTP server ({@code paje view}): the page from the classpath folder {@code /static/}
 * and the JSON API of docs/api.md over one loaded trace, on the JDK's HTTP server with a bounded
 * pool of threads (when it is busy, the accepting thread runs requests itself: back-pressure).
 */
public final class ViewerServer implements AutoCloseable {
    static {
        // Without TCP_NODELAY, small answers wait for the client's delayed ACK: ~40 ms a request.
        // (Read once, when the JDK's server configuration is first loaded.)
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    private static final int QUEUE = 256;
    private static final int BACKLOG = 256;

    private final HttpServer server;
    private final ThreadPoolExecutor pool;
    private final String host;

    private ViewerServer(HttpServer server, ThreadPoolExecutor pool, String host) {
        this.server = server;
        this.pool = pool;
        this.host = host;
    }

    /** Serves the page and the API for a loaded trace; port 0 picks a free port. */
    public static ViewerServer start(TraceLoader.Loaded loaded, String traceName, String host, int port)
            throws IOException {
        return start(loaded, traceName, host, port, "/static");
    }

    /** The same, serving the page from another classpath folder (for tests). */
    static ViewerServer start(TraceLoader.Loaded loaded, String traceName, String host, int port, String staticRoot)
            throws IOException {
        TraceModel model = new TraceModel(loaded, traceName);
        Map<String, Endpoint> api = Map.of(
                "/api/meta", new MetaHandler(model),
                "/api/window", new WindowHandler(model),
                "/api/entity", new EntityHandler(model));
        InetAddress address = InetAddress.getByName(host);
        HttpServer server = HttpServer.create(new InetSocketAddress(address, port), BACKLOG);
        server.createContext("/", new Router(api, new StaticHandler(staticRoot), address, host));
        int threads = Math.max(2, Math.min(16, Runtime.getRuntime().availableProcessors()));
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(QUEUE), daemonThreads(), new ThreadPoolExecutor.CallerRunsPolicy());
        pool.allowCoreThreadTimeOut(true);
        server.setExecutor(pool);
        server.start();
        return new ViewerServer(server, pool, host);
    }

    private static ThreadFactory daemonThreads() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "paje-http-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /** The port the server listens on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** The page's address, such as {@code http://127.0.0.1:8080/}. */
    public String url() {
        String h = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return "http://" + h + ":" + port() + "/";
    }

    /** Stops answering at once and releases the port and the threads. */
    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }
}
