package dev.paje.server;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The page: {@code /} and the {@code .html}, {@code .js}, {@code .css} and {@code .svg} files under a classpath
 * folder, nothing else. Paths are matched against a strict pattern (plain names, no dot segments,
 * no escapes) before any lookup, so nothing outside the folder can be reached. {@code /favicon.ico}, which
 * browsers ask for by themselves, is the page's SVG icon.
 */
final class StaticHandler implements Endpoint {
    private static final Pattern SAFE = Pattern.compile("(/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+");
    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8",
            "svg", "image/svg+xml");

    private final String root;
    private final Map<String, Optional<byte[]>> cache = new ConcurrentHashMap<>();

    /** Serves the files of classpath folder {@code root} (such as {@code "/static"}). */
    StaticHandler(String root) {
        this.root = root;
    }

    @Override
    public void handle(HttpExchange ex, Params params) throws IOException {
        String path = ex.getRequestURI().getRawPath();
        if (path.equals("/")) {
            path = "/index.html";
        } else if (path.equals("/favicon.ico")) {
            path = "/favicon.svg"; // asked for on every load when a page names no icon: never a 404
        }
        String type = SAFE.matcher(path).matches() && !path.contains("..") ? TYPES.get(extension(path)) : null;
        byte[] body = type == null ? null : cache.computeIfAbsent(path, this::load).orElse(null);
        if (body == null) {
            throw ApiException.notFound("no such page: " + (path.length() <= 100 ? path : path.substring(0, 97) + "..."));
        }
        ex.getResponseHeaders().set("Content-Type", type);
        ex.getResponseHeaders().set("Cache-Control", "no-cache");
        SecurityHeaders.page(ex);
        ex.sendResponseHeaders(200, body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    private static String extension(String path) {
        int dot = path.lastIndexOf('.');
        return dot < path.lastIndexOf('/') ? "" : path.substring(dot + 1);
    }

    private Optional<byte[]> load(String path) {
        try (InputStream in = StaticHandler.class.getResourceAsStream(root + path)) {
            return Optional.ofNullable(in == null ? null : in.readAllBytes());
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
