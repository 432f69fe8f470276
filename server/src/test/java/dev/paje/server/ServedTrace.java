package dev.paje.server;

import dev.paje.TraceLoader;
import dev.paje.store.Trace;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The fixture of a test class that asks a viewer about one trace (a JUnit extension, registered with
 * {@code @RegisterExtension static final}): the trace is read and served on a free port before the class's
 * tests, and the server closed after them. One place instead of a start/stop pair in every class.
 */
public final class ServedTrace implements BeforeAllCallback, AfterAllCallback {
    /** Starts the viewer of a class whose trace is made or served in its own way. */
    @FunctionalInterface
    public interface Start {
        ViewerServer start() throws IOException;
    }

    /** A trace file read by the fixture, served with the static files under {@code staticRoot}. */
    private record Source(Path file, String staticRoot, int problems) {
    }

    private final Source source;
    private final Start start;
    private TraceLoader.Loaded loaded;
    private ViewerServer server;
    private Api api;

    private ServedTrace(Source source, Start start) {
        this.source = source;
        this.start = start;
    }

    /** For API tests: {@code file} (relative to the module) with the small static fixture instead of the page. */
    static ServedTrace api(String file) {
        return new ServedTrace(new Source(Path.of(file), "/static-fixture", 0), null);
    }

    /** For browser tests: {@code file} served with the real page. */
    public static ServedTrace page(String file) {
        return new ServedTrace(new Source(Path.of(file), "/static", 0), null);
    }

    /** A viewer that {@code start} opens (its trace is then not at hand: {@link #trace()} is null). */
    public static ServedTrace started(Start start) {
        return new ServedTrace(null, start);
    }

    /** The same, keeping up to {@code max} problems of the trace instead of stopping at the first. */
    public ServedTrace collectProblems(int max) {
        return new ServedTrace(new Source(source.file(), source.staticRoot(), max), null);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        server = start != null ? start.start() : serve(source);
        api = new Api(server);
    }

    private ViewerServer serve(Source s) throws IOException {
        TraceLoader.Builder builder = TraceLoader.builder();
        if (s.problems() > 0) {
            builder.collectProblems(s.problems());
        }
        loaded = builder.build().load(s.file());
        return ViewerServer.start(loaded, s.file().getFileName().toString(), "127.0.0.1", 0, s.staticRoot());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (server != null) {
            server.close();
        }
    }

    public TraceLoader.Loaded loaded() {
        return loaded;
    }

    public Trace trace() {
        return loaded == null ? null : loaded.trace();
    }

    public ViewerServer server() {
        return server;
    }

    Api api() {
        return api;
    }
}
