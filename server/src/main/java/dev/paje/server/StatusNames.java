package dev.paje.server;

import java.util.Map;

/** The names of the error statuses the API sends, for the {@code detail} of its error bodies. */
final class StatusNames {
    private static final Map<Integer, String> NAMES = Map.ofEntries(
            Map.entry(400, "bad request"), Map.entry(403, "forbidden"), Map.entry(404, "not found"),
            Map.entry(405, "method not allowed"), Map.entry(413, "content too large"), Map.entry(414, "URI too long"),
            Map.entry(431, "request header fields too large"), Map.entry(500, "internal error"),
            Map.entry(503, "service unavailable"));

    private StatusNames() {
    }

    static String of(int status) {
        return NAMES.getOrDefault(status, "HTTP " + status);
    }
}
