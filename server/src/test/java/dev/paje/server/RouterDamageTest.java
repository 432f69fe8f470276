package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.paje.store.StoreDamagedException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A damaged store found by a request is answered 500 with its message; the store is removed only when it was sealed
 * (a cache the next start rebuilds), never while this process still writes it (a progressive seal: the "damage" may be
 * a read racing the writer, and removing the file lost a good cache). The damage may come wrapped (other threads).
 */
class RouterDamageTest {
    @TempDir
    Path dir;

    private static HttpResponse<String> get(StoreDamagedException damage, Path file) throws Exception {
        Endpoint failing = (ex, params) -> {
            throw new UncheckedIOException(new java.io.IOException("a part failed", damage));
        };
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        HttpServer server = HttpServer.create(new InetSocketAddress(loopback, 0), 0);
        int port = server.getAddress().getPort();
        server.createContext("/", new Router(Map.of("/api/window", failing), failing,
                new RequestGuard(loopback, "127.0.0.1", port)));
        server.start();
        try {
            return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + "/api/window")).GET().build(), HttpResponse.BodyHandlers.ofString());
        } finally {
            server.stop(0);
        }
    }

    /** Sealed: a cache the next start rebuilds, removed; still being written (a progressive seal's ".tmp-"): kept. */
    @ParameterizedTest(name = "{0}, sealed: {1}")
    @CsvSource({"store.tmp-1, false", "store, true"})
    void aDamagedStoreIsRemovedOnlyWhenSealed(String name, boolean sealed) throws Exception {
        Path file = Files.writeString(dir.resolve(name), "blocks");
        HttpResponse<String> r = get(new StoreDamagedException("the store is damaged: block 3", file, sealed), file);
        assertThat(r.statusCode()).isEqualTo(500);
        assertThat(r.body()).contains("block 3");
        assertThat(r.body().contains("removed")).as("the answer says it was removed").isEqualTo(sealed);
        if (sealed) {
            assertThat(r.body()).contains("it was removed");
        }
        assertThat(Files.exists(file)).as("the store is still there").isEqualTo(!sealed);
    }
}
