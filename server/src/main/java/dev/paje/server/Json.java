package dev.paje.server;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.sun.net.httpserver.HttpExchange;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/** JSON responses: one shared Jackson factory, API headers, and the error body. */
final class Json {
    static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
            .build();

    private Json() {
    }

    /** What writes a response body. */
    interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    /** Renders a body to bytes (for small or precomputed answers). */
    static byte[] bytes(Body body) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(1024);
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            body.write(g);
        }
        return out.toByteArray();
    }

    /** Sends bytes already rendered, with the API's headers. */
    static void send(HttpExchange ex, int status, byte[] json) throws IOException {
        headers(ex);
        ex.sendResponseHeaders(status, json.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(json);
        }
    }

    /** {@code {"error": message, "detail": the status's name}} with {@code status}. */
    static void error(HttpExchange ex, int status, String message) throws IOException {
        send(ex, status, bytes(g -> {
            g.writeStartObject();
            g.writeStringField("error", message);
            g.writeStringField("detail", StatusNames.of(status));
            g.writeEndObject();
        }));
    }

    /** A time or value: JSON has no NaN nor infinities, so those are written as null. */
    static void number(JsonGenerator g, String field, double v) throws IOException {
        g.writeFieldName(field);
        number(g, v);
    }

    static void number(JsonGenerator g, double v) throws IOException {
        if (Double.isFinite(v)) {
            g.writeNumber(v);
        } else {
            g.writeNull();
        }
    }

    /** The API's headers: JSON, never cached, never sniffed. */
    static void headers(HttpExchange ex) {
        ex.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
        ex.getResponseHeaders().set("Cache-Control", "no-store");
        ex.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
    }
}
