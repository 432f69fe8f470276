package dev.paje.server;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import java.net.InetAddress;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a request must be before any route sees it: small (URI, headers, no body), a GET, addressed
 * to this server by its Host when it listens on a loopback address (no DNS rebinding), and not sent
 * by a page of another origin (no cross-site reads of the trace). Refusals are {@link ApiException}s.
 */
final class RequestGuard {
    private static final Set<String> LOCAL_NAMES = Set.of("localhost", "127.0.0.1", "[::1]");
    /** Sec-Fetch-Site values of requests made by the page itself or typed by the user. */
    private static final Set<String> OWN_FETCHES = Set.of("same-origin", "none");

    private final boolean loopbackOnly;
    private final String host;
    private final int port;

    /** For a server bound to {@code bound}, named {@code host} by the user, listening on {@code port}. */
    RequestGuard(InetAddress bound, String host, int port) {
        this.loopbackOnly = bound.isLoopbackAddress();
        String h = host.toLowerCase(Locale.ROOT);
        this.host = h.contains(":") && !h.startsWith("[") ? "[" + h + "]" : h;
        this.port = port;
    }

    /** Throws the refusal of {@code ex}, if any. */
    void check(HttpExchange ex) {
        checkSize(ex);
        if (!"GET".equals(ex.getRequestMethod())) {
            ex.getResponseHeaders().set("Allow", "GET");
            throw new ApiException(405, "only GET is supported, found " + ex.getRequestMethod());
        }
        Headers headers = ex.getRequestHeaders();
        if (headers.containsKey("Transfer-Encoding") || contentLength(headers) > 0) {
            throw new ApiException(413, "requests must not have a body");
        }
        List<String> hosts = headers.getOrDefault("Host", List.of());
        if (loopbackOnly && (hosts.size() != 1 || !localHost(hosts.get(0)))) {
            throw new ApiException(403, "this server only answers requests addressed to " + host + ":" + port);
        }
        String origin = headers.getFirst("Origin");
        if (origin != null && (hosts.size() != 1 || !origin.equalsIgnoreCase("http://" + hosts.get(0)))) {
            throw new ApiException(403, "requests from pages of another origin are refused (Origin " + shorten(origin) + ")");
        }
        String site = headers.getFirst("Sec-Fetch-Site");
        if (site != null && ex.getRequestURI().getRawPath().startsWith("/api/") && !OWN_FETCHES.contains(site)) {
            throw new ApiException(403, "the API only answers the viewer's own page (Sec-Fetch-Site " + shorten(site) + ")");
        }
    }

    private static void checkSize(HttpExchange ex) {
        String uri = ex.getRequestURI().getRawPath() + "?" + ex.getRequestURI().getRawQuery();
        if (uri.length() > ServerLimits.URI_CHARS) {
            throw new ApiException(414, "the address is longer than " + ServerLimits.URI_CHARS + " characters");
        }
        int lines = 0;
        long bytes = 0;
        for (Map.Entry<String, List<String>> e : ex.getRequestHeaders().entrySet()) {
            for (String v : e.getValue()) {
                lines++;
                bytes += e.getKey().length() + v.length() + 4; // "name: value\r\n"
            }
        }
        if (lines > ServerLimits.HEADERS || bytes > ServerLimits.HEADER_BYTES) {
            throw new ApiException(431, "more than " + ServerLimits.HEADERS + " header lines or "
                    + ServerLimits.HEADER_BYTES + " bytes of headers");
        }
    }

    private static long contentLength(Headers headers) {
        String v = headers.getFirst("Content-Length");
        try {
            return v == null ? 0 : Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("malformed Content-Length");
        }
    }

    /** Whether a Host header names this server: a loopback name or the address it was given, and its port. */
    private boolean localHost(String header) {
        String name = header.trim().toLowerCase(Locale.ROOT);
        int colon = name.lastIndexOf(':');
        if (colon <= name.lastIndexOf(']') || !name.substring(colon + 1).equals(String.valueOf(port))) {
            return false;
        }
        name = name.substring(0, colon);
        return LOCAL_NAMES.contains(name) || name.equals(host);
    }

    private static String shorten(String s) {
        return s.length() <= 100 ? s : s.substring(0, 97) + "...";
    }
}
