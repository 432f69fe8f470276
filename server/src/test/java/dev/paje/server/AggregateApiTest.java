package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.testing.CorpusTests;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** {@code aggregate=} of /api/window: a hand-written trace known by hand, and the corpus against {@link AggregateCheck}. */
class AggregateApiTest {
    private static final Path HAND = Path.of("../core/src/test/resources/aggregate/aggregate.trace");

    @Test
    void countsAndSharesOfAKnownTrace() throws Exception {
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(HAND);
        Trace trace = loaded.trace();
        int node = trace.containers().stream().filter(c -> c.name().equals("n")).findFirst().orElseThrow().id();
        try (ViewerServer server = ViewerServer.start(loaded, "aggregate.trace", "127.0.0.1", 0)) {
            Api api = new Api(server);
            JsonNode w = api.ok("/api/window?start=0&end=10&width=4&containers=&aggregate=" + node);
            assertThat(w.get("rows")).isEmpty();
            JsonNode a = w.get("aggregates").get(0);
            assertThat(a.get("container").asInt()).isEqualTo(node);
            JsonNode st = a.get("states").get(0);
            assertThat(st.get("members").asInt()).isEqualTo(4);
            assertThat(st.get("px").toString()).isEqualTo("[0,1,2,3]");
            assertThat(st.get("alive").toString()).isEqualTo("[3,3,4,4]");
            assertThat(st.get("count").toString()).isEqualTo("[3,3,2,2]");
            // values: Run 0, Wait 1, Comm 2 (declaration order)
            assertThat(st.get("value").toString()).isEqualTo("[0,1,2,0,1,2,0,2,0,2]");
            assertThat(st.get("number").toString()).isEqualTo("[1.8,1,0.2,1.4,1,0.6,3,1,3,0.2]");
            assertThat(st.get("permille").toString()).isEqualTo("[600,333,67,467,333,200,750,250,750,50]");
            JsonNode var = a.get("variables").get(0);
            assertThat(var.get("members").asInt()).isEqualTo(3);
            assertThat(var.get("sum").get(0).asDouble()).isEqualTo(40.0);
            assertThat(var.get("mean").get(3).asDouble()).isEqualTo(30.0);
            assertThat(api.get("/api/window?start=0&end=10&width=4&containers=&aggregate=99").status()).isEqualTo(404);
            assertThat(api.get("/api/window?start=0&end=10&width=4&containers=&aggregate=x").status()).isEqualTo(400);
            JsonNode plain = api.ok("/api/window?start=0&end=10&width=4&containers=" + node);
            assertThat(plain.has("aggregates")).isFalse();
        }
    }

    @TestFactory
    Stream<DynamicTest> corpusAggregatesAgreeWithTheStore() {
        return CorpusTests.eachValid(List.of("pajeng-g5k.trace", "pajeng-simgrid-fg126.trace", "pajeng-native_sample.trace",
                "pajeng-states.trace"), AggregateApiTest::check);
    }

    private static void check(Path file) throws Exception {
        TraceLoader.Loaded loaded = TraceLoader.builder().collectProblems(100).build().load(file);
        Trace trace = loaded.trace();
        List<Container> parents = trace.containers().stream().filter(c -> !c.children().isEmpty()).limit(20).toList();
        assertThat(parents).isNotEmpty();
        String ids = String.join(",", parents.stream().map(c -> String.valueOf(c.id())).toList());
        double start = trace.start();
        double span = Math.max(trace.end() - start, 1e-9);
        int checked = 0;
        try (ViewerServer server = ViewerServer.start(loaded, file.getFileName().toString(), "127.0.0.1", 0)) {
            Api api = new Api(server);
            for (double[] w : new double[][] {{start, start + span}, {start + span / 3, start + span / 2}}) {
                for (int width : new int[] {1, 7, 300}) {
                    JsonNode answer = api.ok("/api/window?start=" + w[0] + "&end=" + w[1] + "&width=" + width
                            + "&containers=&aggregate=" + ids);
                    checked += new AggregateCheck(trace, w[0], w[1], width).check(answer.get("aggregates"));
                }
            }
        }
        assertThat(checked).as("aggregated types checked").isGreaterThan(0);
    }
}
