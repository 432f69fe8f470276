package dev.paje.server;

import dev.paje.view.SourceTree;
import com.fasterxml.jackson.core.JsonGenerator;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code GET /api/source?file=F[&line=N][&context=K]}: lines N-K..N+K of a file under the source directory
 * ({@link SourceTree}), for the inspector's source panel. It needs no trace, so it answers while loading.
 */
final class SourceHandler implements Endpoint {
    /** Larger files are not sources a person reads, and would cost memory on each request. */
    static final long MAX_BYTES = 10L * 1024 * 1024;
    static final int MAX_CONTEXT = 50;
    static final int DEFAULT_CONTEXT = 5;
    /** A minified line must not make the answer huge. */
    static final int MAX_LINE_CHARS = 2000;

    private volatile SourceTree tree;

    /** Serves files from {@code tree} from now on (null: none). */
    void set(SourceTree tree) {
        this.tree = tree;
    }

    @Override
    public void handle(HttpExchange ex, Params params) throws IOException {
        SourceTree t = tree;
        if (t == null) {
            throw ApiException.notFound("no source directory: start paje view with --source DIR to see the source lines");
        }
        String name = params.text("file");
        Integer line = params.has("line") ? params.integer("line", 1, Integer.MAX_VALUE - MAX_CONTEXT - 1) : null;
        int context = params.has("context") ? params.integer("context", 0, MAX_CONTEXT) : DEFAULT_CONTEXT;
        Path file = t.find(name);
        long size = Files.size(file);
        if (size > MAX_BYTES) {
            throw new ApiException(413, SourceTree.shorten(name) + " is too large to show: " + size + " bytes, at most "
                    + MAX_BYTES);
        }
        // new String(bytes, UTF_8) replaces malformed input with U+FFFD
        String[] lines = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).split("\r\n|\n|\r", -1);
        int total = lines[lines.length - 1].isEmpty() ? lines.length - 1 : lines.length;
        if (line != null && line > total) {
            throw ApiException.notFound(SourceTree.shorten(name) + " has " + total + " line" + (total == 1 ? "" : "s")
                    + ", not " + line);
        }
        int first = line == null ? 1 : Math.max(1, line - context);
        int last = line == null ? Math.min(total, 2 * context + 1) : Math.min(total, line + context);
        String relative = t.root().relativize(file).toString().replace('\\', '/');
        Json.send(ex, 200, Json.bytes(g -> write(g, name, relative, line, first, last, total, lines)));
    }

    private static void write(JsonGenerator g, String name, String relative, Integer line, int first, int last, int total,
            String[] lines) throws IOException {
        g.writeStartObject();
        g.writeStringField("file", name);
        g.writeStringField("path", relative);
        if (line == null) {
            g.writeNullField("line");
        } else {
            g.writeNumberField("line", line);
        }
        g.writeNumberField("start", first);
        g.writeNumberField("total", total);
        g.writeArrayFieldStart("lines");
        for (int n = first; n <= last; n++) {
            String s = lines[n - 1];
            g.writeString(s.length() <= MAX_LINE_CHARS ? s : s.substring(0, MAX_LINE_CHARS) + "…");
        }
        g.writeEndArray();
        g.writeEndObject();
    }
}
