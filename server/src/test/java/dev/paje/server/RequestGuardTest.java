package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What other sites and oversized requests get from the viewer (issue 15.7): JSON refusals, over raw sockets. */
class RequestGuardTest {
    private static ViewerServer server;
    private static String self;

    @BeforeAll
    static void start() throws Exception {
        server = ViewerServer.starting("guarded.trace", "127.0.0.1", 0);
        self = "127.0.0.1:" + server.port();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static RawHttp.Answer get(String path, String host, String extraHeaders) throws IOException {
        return RawHttp.send(server.port(), RawHttp.get(path, host, extraHeaders), 10_000);
    }

    private static void assertRefused(RawHttp.Answer a, int status, String detail) {
        assertThat(a.status()).as("%s", a).isEqualTo(status);
        assertThat(a.headers().get("content-type")).as("%s", a).startsWith("application/json");
        assertThat(a.json().get("error").asText()).as("%s", a).isNotBlank();
        assertThat(a.json().get("detail").asText()).as("%s", a).isEqualTo(detail);
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1:%d", "localhost:%d", "[::1]:%d", "LOCALHOST:%d"})
    void theServerAnswersItsOwnNames(String host) throws IOException {
        assertThat(get("/api/status", host.formatted(server.port()), "").status()).isEqualTo(200);
    }

    @ParameterizedTest
    @ValueSource(strings = {"evil.example:%d", "evil.example", "127.0.0.1", "localhost:1", "[::1]:1", "127.0.0.1:%d0",
        "localhost.evil.example:%d"})
    void anotherHostIsRefused(String host) throws IOException {
        assertRefused(get("/api/status", host.formatted(server.port()), ""), 403, "forbidden");
        assertRefused(get("/", host.formatted(server.port()), ""), 403, "forbidden");
    }

    @Test
    void twoHostsAreRefused() throws IOException {
        RawHttp.Answer a = get("/api/status", self, "Host: evil.example\r\n");
        if (a.status() == 400) {
            // JDK 17.0.17 and later refuse a second Host header themselves, before the viewer's code runs
            assertThat(a.body()).as("%s", a).doesNotContain("\"state\"");
        } else {
            assertRefused(a, 403, "forbidden");
        }
    }

    @Test
    void aPageOfAnotherOriginIsRefused() throws IOException {
        assertRefused(get("/api/status", self, "Origin: http://evil.example\r\n"), 403, "forbidden");
        assertRefused(get("/api/status", self, "Origin: http://localhost:1\r\n"), 403, "forbidden");
        assertRefused(get("/api/status", self, "Origin: null\r\n"), 403, "forbidden");
        assertRefused(get("/api/status", self, "Sec-Fetch-Site: cross-site\r\n"), 403, "forbidden");
        assertRefused(get("/api/status", self, "Sec-Fetch-Site: same-site\r\n"), 403, "forbidden");
    }

    @Test
    void thePageItselfIsAnswered() throws IOException {
        assertThat(get("/api/status", self, "Origin: http://" + self + "\r\nSec-Fetch-Site: same-origin\r\n").status())
                .isEqualTo(200);
        assertThat(get("/", self, "Sec-Fetch-Site: none\r\n").status()).isEqualTo(200);
    }

    @Test
    void oversizedRequestsAreRefusedInJson() throws IOException {
        assertRefused(get("/api/status?q=" + "a".repeat(ServerLimits.URI_CHARS), self, ""), 414, "URI too long");
        assertRefused(get("/api/status", self, "X-Many: 1\r\n".repeat(ServerLimits.HEADERS + 1)), 431,
                "request header fields too large");
        assertRefused(get("/api/status", self, "X-Big: " + "b".repeat(ServerLimits.HEADER_BYTES) + "\r\n"), 431,
                "request header fields too large");
        assertRefused(get("/api/status", self, "Content-Length: 100000000\r\n"), 413, "content too large");
        assertRefused(get("/api/status", self, "Transfer-Encoding: chunked\r\n"), 413, "content too large");
    }

    @Test
    void thePageAndTheApiForbidSniffingFramingAndForeignScripts() throws IOException {
        RawHttp.Answer page = get("/", self, "");
        assertThat(page.headers().get("content-security-policy"))
                .contains("script-src 'self'", "connect-src 'self'", "frame-ancestors 'self'").doesNotContain("*");
        assertThat(page.headers().get("x-frame-options")).isEqualTo("SAMEORIGIN");
        assertThat(page.headers().get("x-content-type-options")).isEqualTo("nosniff");
        RawHttp.Answer api = get("/api/status", self, "");
        assertThat(api.headers()).containsEntry("x-content-type-options", "nosniff")
                .containsEntry("cross-origin-resource-policy", "same-origin")
                .containsEntry("content-security-policy", SecurityHeaders.API_POLICY);
    }
}
