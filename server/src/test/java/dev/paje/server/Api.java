package dev.paje.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A client of a running {@link ViewerServer} for tests: GETs a path, parses the JSON answer. */
final class Api {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    /** One answer: status, headers and body. */
    record Answer(int status, HttpResponse<byte[]> response) {
        JsonNode json() {
            try {
                return JSON.readTree(response.body());
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + text(), e);
            }
        }

        String text() {
            return new String(response.body(), java.nio.charset.StandardCharsets.UTF_8);
        }

        String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }

        @Override
        public String toString() {
            return status + " " + text();
        }
    }

    private final String base;

    Api(ViewerServer server) {
        this.base = "http://127.0.0.1:" + server.port();
    }

    /** The bodies of {@code paths}' answers, in order; each must answer 200 (a reference viewer's answers to compare with). */
    java.util.List<String> texts(java.util.List<String> paths) {
        java.util.List<String> out = new java.util.ArrayList<>(paths.size());
        for (String p : paths) {
            Answer a = get(p);
            if (a.status() != 200) {
                throw new AssertionError(p + ": expected 200 but was " + a);
            }
            out.add(a.text());
        }
        return out;
    }

    Answer get(String pathAndQuery) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(base + pathAndQuery))
                    .timeout(Duration.ofSeconds(60)).GET().build();
            HttpResponse<byte[]> r = CLIENT.send(request, HttpResponse.BodyHandlers.ofByteArray());
            return new Answer(r.statusCode(), r);
        } catch (IOException e) {
            throw new AssertionError("GET " + pathAndQuery + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** GETs and expects 200 JSON. */
    JsonNode ok(String pathAndQuery) {
        Answer a = get(pathAndQuery);
        if (a.status() != 200) {
            throw new AssertionError("GET " + pathAndQuery + ": expected 200, got " + a);
        }
        return a.json();
    }

    /** GETs a window and turns its columns into one object per entity ({@link WindowColumns}). */
    JsonNode window(String pathAndQuery) {
        return WindowColumns.decode(ok(pathAndQuery));
    }
}
