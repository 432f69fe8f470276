package dev.paje.server;

import dev.paje.view.TraceView;
import dev.paje.view.LogicalView;
import dev.paje.view.SourceTree;
import com.sun.net.httpserver.HttpServer;
import dev.paje.TraceLoader;
import dev.paje.read.Progress;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The viewer's HTTP server ({@code paje view}): the page from the classpath folder {@code /static/}
 * and the JSON API of docs/api.md over one loaded trace, on the JDK's HTTP server with a pool of
 * one thread per open connection (slow clients cannot starve the others; see {@link ServerLimits}),
 * of which only {@link ServerLimits#WORKERS} compute at once.
 */
public final class ViewerServer implements AutoCloseable {
    static {
        ServerLimits.configureJdkServer();
    }

    private static final int QUEUE = 256;
    private static final int BACKLOG = 256;

    private final HttpServer server;
    private final ThreadPoolExecutor pool;
    private final String host;
    private final String traceName;
    private final LoadStatus status;
    private final Map<String, Deferred> data;
    private final SourceHandler source;
    private final ViewerOptions options;
    private volatile QueryHandler query;
    private volatile TraceView model;
    private volatile WindowHandler window;
    /** Warmed up before ready ({@link WarmUp#beforeReady}): the background warm-up has nothing left to do. */
    private volatile boolean warmed;

    private ViewerServer(HttpServer server, ThreadPoolExecutor pool, String host, String traceName, LoadStatus status,
            Map<String, Deferred> data, SourceHandler source, ViewerOptions options) {
        this.server = server;
        this.pool = pool;
        this.host = host;
        this.traceName = traceName;
        this.status = status;
        this.data = data;
        this.source = source;
        this.options = options;
    }

    /** Containers 1 to this (by id) are a first screen: their summaries are built before the viewer is ready. */
    public static final int FIRST_SCREEN_ROWS = WarmUp.ROWS;

    /** Serves the page and the API for a loaded trace; port 0 picks a free port. */
    public static ViewerServer start(TraceLoader.Loaded loaded, String traceName, String host, int port)
            throws IOException {
        return start(loaded, traceName, host, port, "/static");
    }

    /** The same, serving the page from another classpath folder (for tests). */
    static ViewerServer start(TraceLoader.Loaded loaded, String traceName, String host, int port, String staticRoot)
            throws IOException {
        return start(loaded, traceName, host, port, staticRoot, ViewerOptions.DEFAULT);
    }

    /** The same, with options (for tests). */
    static ViewerServer start(TraceLoader.Loaded loaded, String traceName, String host, int port, String staticRoot,
            ViewerOptions options) throws IOException {
        ViewerServer server = starting(traceName, host, port, staticRoot, options);
        server.ready(loaded);
        return server;
    }

    /**
     * Serves the page and {@code /api/status} at once, while the trace loads: feed {@link #progress()}
     * to the loader, then call {@link #ready} (or {@link #failed}). Until then data requests get 503.
     */
    public static ViewerServer starting(String traceName, String host, int port) throws IOException {
        return starting(traceName, host, port, ViewerOptions.DEFAULT);
    }

    /** The same, with options ({@code paje view} gives its process's start). */
    public static ViewerServer starting(String traceName, String host, int port, ViewerOptions options) throws IOException {
        return starting(traceName, host, port, "/static", options);
    }

    static ViewerServer starting(String traceName, String host, int port, String staticRoot, ViewerOptions options)
            throws IOException {
        LoadStatus status = new LoadStatus();
        Map<String, Deferred> data = Map.of("/api/meta", new Deferred(status), "/api/window", new Deferred(status),
                "/api/entity", new Deferred(status), "/api/stats", new Deferred(status), "/api/search", new Deferred(status),
                "/api/logical", new Deferred(status), "/api/gaps", new Deferred(status),
                "/api/render", new Deferred(status), "/api/collectives", new Deferred(status), "/api/sql", new Deferred(status));
        Map<String, Endpoint> api = new HashMap<>(data);
        api.put("/api/status", new StatusHandler(status));
        SourceHandler source = new SourceHandler();
        api.put("/api/source", source);
        InetAddress address = InetAddress.getByName(host);
        HttpServer server = HttpServer.create(new InetSocketAddress(address, port), BACKLOG);
        RequestGuard guard = new RequestGuard(address, host, server.getAddress().getPort());
        server.createContext("/", new Router(Map.copyOf(api), new StaticHandler(staticRoot), guard));
        int threads = ServerLimits.CONNECTIONS;
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(QUEUE), daemonThreads(), new ThreadPoolExecutor.CallerRunsPolicy());
        pool.allowCoreThreadTimeOut(true);
        server.setExecutor(pool);
        server.start();
        return new ViewerServer(server, pool, host, traceName, status, data, source, options);
    }

    /** Where the loader reports its progress, shown by the page while it waits. */
    public Progress progress() {
        return status;
    }

    /** The trace is loaded: the data endpoints answer from now on. */
    public void ready(TraceLoader.Loaded loaded) {
        TraceView model = new TraceView(loaded, traceName);
        data.get("/api/meta").set(new MetaHandler(model));
        LogicalView logical = new LogicalView(model);
        WindowHandler window = new WindowHandler(model, logical);
        data.get("/api/window").set(window);
        data.get("/api/logical").set(new LogicalHandler(model, logical));
        data.get("/api/gaps").set(new GapsHandler(model));
        data.get("/api/collectives").set(new CollectivesHandler(model));
        data.get("/api/entity").set(new EntityHandler(model));
        data.get("/api/stats").set(new StatsHandler(model));
        data.get("/api/search").set(new SearchHandler(model));
        data.get("/api/render").set(new RenderHandler(model));
        query = new QueryHandler(model);
        data.get("/api/sql").set(query);
        this.model = model;
        this.window = window;
        // a reopen's first windows find compiled code; bounded by the options (paje view: a time since its start)
        warmed = WarmUp.beforeReady(model, window, options.beforeReadyBudget(System.nanoTime())) > 0;
        dev.paje.store.SummaryBuild building = loaded.trace() == null ? null : loaded.trace().summaryBuild();
        if (building != null) {
            building.yieldWhile(window::answering); // the first screen's windows before the rest of the summaries
        }
        status.ready(building);
    }

    /**
     * After {@link #ready}: computes the first rows' zoomed-out windows once in the background ({@link WarmUp}),
     * so that the first answers a user waits for do not pay for cold code and blocks; when {@link #ready} already
     * warmed up (a reopen), the first rows' windows at every zoom a few rows at a time, only between window requests
     * ({@link WarmUp#whileIdle}: C2 compiles the answers' code over two or three passes, not within the first).
     * Returns the thread; none before {@link #ready}.
     */
    public Optional<Thread> warmUp() {
        if (window == null) {
            return Optional.empty();
        }
        return Optional.of(warmed ? WarmUp.startIdle(model, window) : WarmUp.start(model, window));
    }

    /**
     * Serves the source files under {@code dir} on {@code /api/source} (source click-back), never a file whose
     * real path lies outside it; null serves none again. Returns this server.
     */
    public ViewerServer sources(Path dir) throws IOException {
        source.set(dir == null ? null : new SourceTree(dir));
        return this;
    }

    /** The trace could not be loaded at all: the page says why. */
    public void failed(String message) {
        status.failed(message);
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
        QueryHandler q = query;
        if (q != null) {
            try {
                q.close(); // DuckDB, and the tables of a temporary directory
            } catch (IOException e) {
                // nothing left to tell: the viewer is stopping
            }
        }
    }
}
