package dev.paje.server;

import dev.paje.view.TraceView;
import com.sun.net.httpserver.HttpExchange;
import dev.paje.render.Format;
import dev.paje.render.RenderException;
import dev.paje.render.Renderer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.util.concurrent.Semaphore;

/**
 * {@code GET /api/render?start=S&end=E&width=W&format=svg|png[&containers=..][&hidden=..][&colors=..]}:
 * the picture of the viewer's current view (issue 6) by the renderer of {@code paje render}, sent as a
 * download. Drawn in memory first, so that a refused picture is still a JSON error.
 */
final class RenderHandler implements Endpoint {
    /** Pictures drawn at once: each may take ~100 MB; more requests wait their turn. */
    private static final int AT_ONCE = 2;

    private final TraceView model;
    private final Semaphore slots = new Semaphore(AT_ONCE, true);

    RenderHandler(TraceView model) {
        this.model = model;
    }

    @Override
    public void handle(HttpExchange ex, Params params) throws IOException {
        RenderRequest request = RenderRequest.parse(params, model);
        ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 16);
        slots.acquireUninterruptibly();
        try {
            Renderer.render(model.trace(), request.options(), out, request.format());
        } catch (RenderException e) {
            throw ApiException.badRequest(e.getMessage());
        } finally {
            slots.release();
        }
        ex.getResponseHeaders().set("Content-Type", request.format() == Format.SVG ? "image/svg+xml" : "image/png");
        ex.getResponseHeaders().set("Content-Disposition", "attachment; filename=\"" + fileName(model.name(),
                request.options().start(), request.options().end(), request.format()) + "\"");
        ex.getResponseHeaders().set("Cache-Control", "no-store");
        ex.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        ex.sendResponseHeaders(200, out.size());
        try (OutputStream body = ex.getResponseBody()) {
            out.writeTo(body);
        }
    }

    /** {@code TRACE-START-END.svg}: the trace's name without its extension, only characters safe in a file name. */
    static String fileName(String trace, double start, double end, Format format) {
        String base = trace == null ? "trace" : trace.replaceFirst("(?i)\\.gz$", "").replaceFirst("\\.[^.]{1,8}$", "");
        base = base.replaceAll("[^A-Za-z0-9._+-]", "_");
        if (base.isEmpty() || base.startsWith(".")) {
            base = "trace" + base;
        }
        return base + "-" + time(start) + "-" + time(end) + "." + format.extension();
    }

    private static String time(double t) {
        String s = BigDecimal.valueOf(t).stripTrailingZeros().toPlainString();
        return s.length() <= 24 ? s : Double.toString(t);
    }
}
