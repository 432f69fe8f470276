package dev.paje.server;

import com.sun.net.httpserver.HttpExchange;

/** The response headers that keep other sites from embedding, sniffing or framing what the viewer sends. */
final class SecurityHeaders {
    /**
     * The page: its own scripts, styles and API only; style attributes are used by its HTML snippets, and a
     * split view is the page again in an iframe of itself.
     */
    static final String PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            + "img-src 'self' data: blob:; connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'; "
            + "frame-ancestors 'self'";
    /** API answers are data, never a document. */
    static final String API_POLICY = "default-src 'none'; frame-ancestors 'none'";

    private SecurityHeaders() {
    }

    /** On every answer: no sniffing, no reading by other origins' no-cors requests, no referrer leaks. */
    static void common(HttpExchange ex) {
        ex.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        ex.getResponseHeaders().set("Cross-Origin-Resource-Policy", "same-origin");
        ex.getResponseHeaders().set("Referrer-Policy", "no-referrer");
        ex.getResponseHeaders().set("X-Frame-Options", "DENY");
        ex.getResponseHeaders().set("Content-Security-Policy", API_POLICY);
    }

    /** On the page's files. */
    static void page(HttpExchange ex) {
        ex.getResponseHeaders().set("Content-Security-Policy", PAGE_POLICY);
        ex.getResponseHeaders().set("X-Frame-Options", "SAMEORIGIN");
    }
}
