package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.paje.CachePolicy;
import dev.paje.SyntheticTrace;
import dev.paje.TraceLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * paje view is ready once the first screen's summaries are written; the others are built in the background
 * ({@code /api/status} shows how far), and a window asked for meanwhile waits for the summaries it needs: its
 * answer is byte for byte the one of a viewer whose summaries were all built before it was ready, and the one after.
 */
class ProgressiveReadyTest {
    @TempDir
    Path dir;

    @Test
    void aWindowAskedWhileTheSummariesBuildWaitsAndAnswersAsAfter() throws Exception {
        Path trace = SyntheticTrace.write(dir.resolve("t.trace"), 4, 4, 3000, 17);
        List<String> queries = queries(trace);
        List<String> expected = new ArrayList<>();
        TraceLoader.Loaded all = TraceLoader.builder().summaries(true).build().load(trace);
        try (ViewerServer server = ViewerServer.start(all, "t.trace", "127.0.0.1", 0)) {
            expected.addAll(new Api(server).texts(queries));
        } finally {
            all.trace().close();
        }

        Path cache = dir.resolve("cache");
        CountDownLatch hold = new CountDownLatch(1);
        TraceLoader loader = TraceLoader.builder().summaries(true).cache(new CachePolicy(true, 0, cache))
                .summariesFirst(1).summariesHeld(hold).build();
        try (ViewerServer server = ViewerServer.starting("t.trace", "127.0.0.1", 0)) {
            TraceLoader.Loaded loaded = loader.load(trace);
            server.ready(loaded);
            Api api = new Api(server);
            JsonNode status = api.get("/api/status").json();
            assertThat(status.get("state").asText()).isEqualTo("ready");
            JsonNode summaries = status.get("summaries");
            assertThat(summaries.get("state").asText()).isEqualTo("building");
            assertThat(summaries.get("done").asInt()).isLessThan(summaries.get("total").asInt());
            assertThat(summaries.has("seconds")).isFalse();

            for (int i = 0; i < queries.size(); i++) { // held: each window's tables are built for it, while it waits
                Api.Answer a = api.get(queries.get(i));
                assertThat(a.status()).as(queries.get(i)).isEqualTo(200);
                assertThat(a.text()).as("while building: %s", queries.get(i)).isEqualTo(expected.get(i));
            }

            hold.countDown();
            loaded.trace().summaryBuild().awaitSealed();
            for (int i = 0; i < 200 && !"done".equals(api.get("/api/status").json().get("summaries").get("state").asText()); i++) {
                Thread.sleep(25);
            }
            summaries = api.get("/api/status").json().get("summaries");
            assertThat(summaries.get("state").asText()).isEqualTo("done");
            assertThat(summaries.get("done").asInt()).isEqualTo(summaries.get("total").asInt());
            assertThat(summaries.get("seconds").asDouble()).isPositive();
            for (int i = 0; i < queries.size(); i++) {
                assertThat(api.get(queries.get(i)).text()).as("after: %s", queries.get(i)).isEqualTo(expected.get(i));
            }
        }
        for (int i = 0; i < 200 && Files.list(cache).anyMatch(p -> p.toString().contains(".tmp-")); i++) {
            Thread.sleep(25);
        }
        TraceLoader.Loaded reopened = TraceLoader.builder().summaries(true).cache(new CachePolicy(true, 0, cache))
                .build().load(trace);
        assertThat(reopened.fromCache()).as("the cache written once every summary was").isTrue();
        try (ViewerServer server = ViewerServer.start(reopened, "t.trace", "127.0.0.1", 0)) {
            for (int i = 0; i < queries.size(); i++) {
                assertThat(new Api(server).get(queries.get(i)).text()).as("reopened: %s", queries.get(i))
                        .isEqualTo(expected.get(i));
            }
        } finally {
            reopened.trace().close();
        }
    }

    /** Windows over every row: the whole trace and parts of it, zoomed out to where the summaries are read. */
    private static List<String> queries(Path trace) throws IOException {
        TraceLoader.Loaded l = TraceLoader.builder().build().load(trace);
        double start = l.trace().start();
        double end = l.trace().end();
        String rows = IntStream.range(1, l.trace().containers().size()).mapToObj(Integer::toString)
                .collect(Collectors.joining(","));
        l.trace().close();
        List<String> out = new ArrayList<>();
        double[][] parts = {{0.6, 0.9}, {0, 1}, {0.1, 0.35}, {0.5, 0.52}};
        for (double[] p : parts) {
            double s = start + p[0] * (end - start);
            double e = start + p[1] * (end - start);
            out.add("/api/window?start=" + s + "&end=" + e + "&width=300&containers=" + rows);
        }
        return out;
    }
}
