package dev.paje.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Requests written byte for byte on a socket, for what HttpClient will not send (bad Host, huge headers). */
final class RawHttp {
    /** One answer: status, headers (names in lower case) and body. */
    record Answer(int status, Map<String, String> headers, String body) {
        JsonNode json() {
            try {
                return Api.JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + this, e);
            }
        }

        @Override
        public String toString() {
            return status + " " + headers + " " + body;
        }
    }

    private RawHttp() {
    }

    /** Sends {@code request} as is and reads one answer, waiting at most {@code timeoutMillis} for each read. */
    static Answer send(int port, String request, int timeoutMillis) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(timeoutMillis);
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            s.getOutputStream().flush();
            return read(s.getInputStream());
        }
    }

    /** A GET of {@code path} with the given extra header lines (each ending in CRLF) and Host. */
    static String get(String path, String host, String extraHeaders) {
        return "GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\n" + extraHeaders + "Connection: close\r\n\r\n";
    }

    private static Answer read(InputStream in) throws IOException {
        String status = line(in);
        if (status.isEmpty()) {
            throw new IOException("no answer");
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (String h = line(in); !h.isEmpty(); h = line(in)) {
            int colon = h.indexOf(':');
            headers.put(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
        return new Answer(Integer.parseInt(status.split(" ")[1]), headers, body);
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
            if (c != '\r') {
                b.write(c);
            }
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }
}
