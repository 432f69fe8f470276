package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.TraceLoader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** 1000 concurrent window requests (127.0.0.1 only, 32 client threads): every one answers 200. */
class ConcurrentLoadTest {
    private static final int REQUESTS = 1000;
    private static final int CLIENT_THREADS = 32;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void thousandConcurrentWindowRequestsAllAnswer() throws Exception {
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(Path.of("../examples/hello.trace"));
        try (ViewerServer server = ViewerServer.start(loaded, "hello.trace", "127.0.0.1", 0)) {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(10)).build();
            ExecutorService pool = Executors.newFixedThreadPool(CLIENT_THREADS);
            try {
                List<Future<Integer>> answers = new ArrayList<>();
                Random random = new Random(42);
                for (int i = 0; i < REQUESTS; i++) {
                    double a = random.nextDouble() * 4;
                    double b = a + random.nextDouble() * (4 - a);
                    int width = 1 + random.nextInt(2000);
                    URI uri = URI.create("http://127.0.0.1:" + server.port() + "/api/window?start=" + a + "&end=" + b
                            + "&width=" + width + "&containers=0,1,2,3,4,5,6,7");
                    answers.add(pool.submit(() -> client.send(HttpRequest.newBuilder(uri)
                            .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofByteArray())
                            .statusCode()));
                }
                for (Future<Integer> f : answers) {
                    assertThat(f.get(60, TimeUnit.SECONDS)).isEqualTo(200);
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }
}
