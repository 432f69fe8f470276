package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.paje.TraceLoader;
import dev.paje.collective.Collective;
import dev.paje.collective.CollectiveOptions;
import dev.paje.collective.Collectives;
import dev.paje.store.Trace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code /api/collectives} on the hand-written trace of core's tests: the answer is the core's, window by window. */
class CollectivesApiTest {
    static final Path TRACE = Path.of("../core/src/test/resources/collective/collectives.trace");

    private static List<String> values(JsonNode answer) {
        List<String> out = new ArrayList<>();
        answer.get("collectives").forEach(c -> out.add(c.get("value").asText()));
        return out;
    }

    private static int id(Trace trace, String name) {
        return trace.containers().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow().id();
    }

    @Test
    void answersTheOperationsOfTheWindowAsTheCoreFindsThem() throws Exception {
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(TRACE);
        Trace trace = loaded.trace();
        Collectives core = Collectives.find(trace, CollectiveOptions.defaults());
        try (ViewerServer server = ViewerServer.start(loaded, "collectives.trace", "127.0.0.1", 0, "/static-fixture")) {
            Api api = new Api(server);
            JsonNode all = api.ok("/api/collectives?start=0&end=10");
            assertThat(values(all)).containsExactly("bcast", "ring", "a", "sync");
            assertThat(all.get("tolerance").asDouble()).isEqualTo(0.001);
            assertThat(all.get("truncated").asBoolean()).isFalse();
            JsonNode bcast = all.get("collectives").get(0);
            assertThat(bcast.get("kind").asText()).isEqualTo("link");
            assertThat(bcast.get("members").asInt()).isEqualTo(3);
            assertThat(bcast.get("start").asDouble()).isEqualTo(1.0);
            assertThat(bcast.get("end").asDouble()).isEqualTo(1.4);
            assertThat(trace.types().get(bcast.get("type").asInt()).name()).isEqualTo("Link");
            // every answer is the core's, for random windows
            Random random = new Random(3);
            for (int k = 0; k < 100; k++) {
                double a = Math.round(random.nextDouble() * 70) / 10.0;
                double b = a + Math.round(random.nextDouble() * 30) / 10.0;
                List<Integer> expected = new ArrayList<>();
                core.intersecting(a, b, c -> expected.add(c.id()));
                JsonNode answer = api.ok("/api/collectives?start=" + a + "&end=" + b);
                List<Integer> ids = new ArrayList<>();
                for (JsonNode c : answer.get("collectives")) {
                    ids.add(c.get("id").asInt());
                    Collective exp = core.get(c.get("id").asInt());
                    assertThat(c.get("rows").size()).isEqualTo(exp.members());
                    int[] cs = new int[c.get("containers").size()];
                    Arrays.setAll(cs, i -> c.get("containers").get(i).asInt());
                    assertThat(cs).containsExactly(exp.containers());
                }
                assertThat(ids).as("[%s, %s]", a, b).isEqualTo(expected);
                assertThat(answer.get("total").asInt()).isEqualTo(expected.size());
            }
            // the members are the rows of the links the page hides
            JsonNode ring = api.ok("/api/collectives?start=3&end=3").get("collectives").get(0);
            int holder = ring.get("holders").get(0).asInt();
            int row = ring.get("rows").get(0).asInt();
            JsonNode entity = api.ok("/api/entity?container=" + holder + "&type=" + ring.get("type").asInt() + "&row=" + row);
            assertThat(entity.get("key").asText()).startsWith("ring_7_");
        }
    }

    @Test
    void selectsByContainerAndOptionsAndRefusesBadRequests() throws Exception {
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(TRACE);
        Trace trace = loaded.trace();
        try (ViewerServer server = ViewerServer.start(loaded, "collectives.trace", "127.0.0.1", 0, "/static-fixture")) {
            Api api = new Api(server);
            assertThat(values(api.ok("/api/collectives?start=0&end=10&containers=0"))).isEmpty(); // the root only holds
            assertThat(values(api.ok("/api/collectives?start=0&end=10&containers=" + id(trace, "proc4"))))
                    .containsExactly("bcast", "ring", "a", "sync");
            assertThat(values(api.ok("/api/collectives?start=0&end=10&tolerance=0"))).containsExactly("bcast", "a", "sync");
            assertThat(values(api.ok("/api/collectives?start=0&end=10&min=2"))).contains("ptp");
            JsonNode rule = api.ok("/api/collectives?start=0&end=10&rule=" + java.net.URLEncoder.encode("^([a-z]+_\\d+)_", "UTF-8"));
            assertThat(values(rule)).containsExactly("bc_1", "ring_7", "x_4", "sync");
            assertThat(rule.get("collectives").get(2).get("valueId").isNull()).isTrue();
            assertThat(rule.get("collectives").get(0).get("basis").asText()).isEqualTo("key");
            JsonNode one = api.ok("/api/collectives?start=0&end=10&limit=1");
            assertThat(values(one)).containsExactly("bcast");
            assertThat(one.get("total").asInt()).isEqualTo(4);
            assertThat(one.get("truncated").asBoolean()).isTrue();
            assertThat(api.get("/api/collectives?start=5&end=1").status()).isEqualTo(400);
            assertThat(api.get("/api/collectives?start=0&end=1&min=1").status()).isEqualTo(400);
            assertThat(api.get("/api/collectives?start=0&end=1&rule=(").status()).isEqualTo(400);
            assertThat(api.get("/api/collectives?start=0&end=1&tolerance=-1").status()).isEqualTo(400);
            assertThat(api.get("/api/collectives?start=0&end=1&containers=999").status()).isEqualTo(404);
            assertThat(api.get("/api/collectives?end=1").status()).isEqualTo(400);
        }
    }
}
