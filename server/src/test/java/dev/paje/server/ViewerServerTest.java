package dev.paje.server;

import dev.paje.store.DisplayNames;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The API over examples/hello.trace: every endpoint, checked against the store. */
class ViewerServerTest {
    @RegisterExtension
    static final ServedTrace HELLO = ServedTrace.api("../examples/hello.trace").collectProblems(100);

    static Container named(String name) {
        return HELLO.trace().containers().stream().filter(c -> name.equals(c.alias()) || DisplayNames.name(c.name()).equals(name)).findFirst().orElseThrow();
    }

    static Type type(String name) {
        return HELLO.trace().types().stream().filter(t -> DisplayNames.name(t.name()).equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(name + " not in " + HELLO.trace().types()));
    }

    static String allContainers() {
        return HELLO.trace().containers().stream().map(c -> String.valueOf(c.id())).collect(Collectors.joining(","));
    }

    @Test
    void urlAndPort() {
        assertThat(HELLO.server().port()).isPositive();
        assertThat(HELLO.server().url()).isEqualTo("http://127.0.0.1:" + HELLO.server().port() + "/");
    }

    @Test
    void metaListsTheTypesAndContainersOfTheStore() {
        Api.Answer a = HELLO.api().get("/api/meta");
        assertThat(a.status()).isEqualTo(200);
        assertThat(a.header("Content-Type")).isEqualTo("application/json; charset=utf-8");
        assertThat(a.header("Cache-Control")).isEqualTo("no-store");
        JsonNode meta = a.json();
        assertThat(meta.get("name").asText()).isEqualTo("hello.trace");
        assertThat(meta.get("start").asDouble()).isEqualTo(HELLO.trace().start());
        assertThat(meta.get("end").asDouble()).isEqualTo(4.0);
        assertThat(meta.get("problems")).isEmpty();
        assertThat(meta.get("types")).hasSize(HELLO.trace().types().size());
        for (Type t : HELLO.trace().types()) {
            JsonNode n = meta.get("types").get(t.id());
            assertThat(n.get("id").asInt()).isEqualTo(t.id());
            assertThat(n.get("name").asText()).isEqualTo(DisplayNames.name(t.name()));
            assertThat(n.get("kind").asText()).isEqualTo(t.kind().name().toLowerCase());
            assertThat(n.get("parent").asInt()).isEqualTo(t.parent() == null ? -1 : t.parent().id());
            assertThat(n.get("values")).hasSize(t.values().size());
            for (int v = 0; v < t.values().size(); v++) {
                assertThat(n.get("values").get(v).get("name").asText()).isEqualTo(DisplayNames.name(t.value(v).name()));
            }
        }
        JsonNode state = meta.get("types").get(type("Thread State").id());
        assertThat(state.get("kind").asText()).isEqualTo("state");
        assertThat(state.get("values").get(0).get("name").asText()).isEqualTo("Running");
        assertThat(state.get("values").get(0).get("color").asText()).isEqualTo("0.2 0.8 0.2");
        assertThat(meta.get("containers")).hasSize(HELLO.trace().containers().size());
        for (Container c : HELLO.trace().containers()) {
            JsonNode n = meta.get("containers").get(c.id());
            assertThat(n.get("name").asText()).isEqualTo(DisplayNames.name(c.name()));
            assertThat(n.get("type").asInt()).isEqualTo(c.type().id());
            assertThat(n.get("parent").asInt()).isEqualTo(c.parent() == null ? -1 : c.parent().id());
            assertThat(n.get("start").asDouble()).isEqualTo(c.start());
            assertThat(n.get("end").asDouble()).isEqualTo(c.end());
            List<Integer> children = new ArrayList<>();
            n.get("children").forEach(x -> children.add(x.asInt()));
            assertThat(children).isEqualTo(c.children().stream().map(Container::id).toList());
            List<Integer> entityTypes = new ArrayList<>();
            n.get("entityTypes").forEach(x -> entityTypes.add(x.asInt()));
            assertThat(entityTypes).isEqualTo(HELLO.trace().types().stream()
                    .filter(t -> t.kind() != TypeKind.CONTAINER && c.table(t) != null).map(Type::id).toList());
        }
        assertThat(meta.get("containers").get(named("p2").id()).get("end").asDouble()).isEqualTo(3.5);
        assertThat(meta.get("containers").get(named("t11").id()).get("entityTypes").size()).isEqualTo(2);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 10, 40, 200, 800, 10000})
    void windowAgreesWithTheStoreAtEachZoom(int width) {
        for (double[] w : new double[][] {{0, 4}, {0.45, 0.95}, {1.0, 2.5}, {-1, 10}, {3.9, 3.95}, {0.5, 0.5}}) {
            JsonNode window = HELLO.api().window("/api/window?start=" + w[0] + "&end=" + w[1] + "&width=" + width
                    + "&containers=" + allContainers());
            assertThat(window.get("rows")).hasSize(HELLO.trace().containers().size());
            int tables = new WindowCheck(HELLO.trace(), window).check(window);
            assertThat(tables).isEqualTo(4 + 2 + 2 + 1); // states of 4 threads, events of 2, 2 variables, links of m1
        }
    }

    @Test
    void windowAtFullWidthSendsStatesExactlyAndSummarizesWhenZoomedOut() {
        int t11 = named("t11").id();
        JsonNode fine = HELLO.api().window("/api/window?start=0&end=4&width=800&containers=" + t11);
        JsonNode states = fine.get("rows").get(0).get("states").get(0);
        assertThat(states.get("type").asInt()).isEqualTo(type("Thread State").id());
        assertThat(states.get("items")).hasSize(2);
        assertThat(states.get("summary")).isEmpty();
        JsonNode nested = states.get("items").get(1);
        assertThat(nested.get("start").asDouble()).isEqualTo(0.5);
        assertThat(nested.get("end").asDouble()).isEqualTo(0.8);
        assertThat(nested.get("level").asInt()).isEqualTo(1);
        assertThat(nested.get("value").asInt()).isEqualTo(2);

        // 1 pixel = 0.4 s: the 0.3 s nested state [0.5, 0.8] becomes a 75% share of pixel 1 [0.4, 0.8], level 1
        JsonNode coarse = HELLO.api().window("/api/window?start=0&end=4&width=10&containers=" + t11 + "&types="
                + type("Thread State").id());
        JsonNode s = coarse.get("rows").get(0).get("states").get(0);
        assertThat(coarse.get("rows").get(0).get("events")).isEmpty();
        assertThat(s.get("items")).hasSize(1);
        assertThat(s.get("summary")).hasSize(1);
        JsonNode px1 = s.get("summary").get(0);
        assertThat(px1.get("px").asInt()).isEqualTo(1);
        assertThat(px1.get("level").asInt()).isEqualTo(1);
        assertThat(px1.get("values").get(0).get(0).asInt()).isEqualTo(2);
        assertThat(px1.get("values").get(0).get(1).asDouble()).isCloseTo(0.75, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void eventsBecomeCountsWhenDense() {
        int t11 = named("t11").id();
        JsonNode w = HELLO.api().window("/api/window?start=0&end=4&width=1&containers=" + t11);
        JsonNode events = w.get("rows").get(0).get("events").get(0);
        assertThat(events.get("items")).hasSize(1); // one event, sparse at 1 pixel
        assertThat(events.get("items").get(0).get("time").asDouble()).isEqualTo(1.1);
    }

    @Test
    void variablesCarryTheirRange() {
        JsonNode w = HELLO.api().window("/api/window?start=0&end=4&width=100&containers=" + named("p1").id());
        JsonNode v = w.get("rows").get(0).get("variables").get(0);
        assertThat(v.get("min").asDouble()).isEqualTo(100.0);
        assertThat(v.get("max").asDouble()).isEqualTo(350.0);
        assertThat(v.get("items")).hasSize(3);
        assertThat(v.get("items").get(1).get("value").asDouble()).isEqualTo(350.0);
    }

    @Test
    void linksAreListedWithTheirCommonAncestor() {
        Container m1 = named("m1");
        JsonNode w = HELLO.api().window("/api/window?start=0&end=4&width=800&containers=" + m1.id());
        JsonNode links = w.get("rows").get(0).get("links").get(0);
        assertThat(links.get("items")).hasSize(2);
        JsonNode first = links.get("items").get(0);
        assertThat(first.get("from").asInt()).isEqualTo(named("t11").id());
        assertThat(first.get("to").asInt()).isEqualTo(named("t21").id());
    }

    @Test
    void entityDetailsMatchTheStoreWithUserFields() {
        Container t11 = named("t11");
        Type state = type("Thread State");
        JsonNode e = HELLO.api().ok("/api/entity?container=" + t11.id() + "&type=" + state.id() + "&row=1");
        assertThat(e.get("kind").asText()).isEqualTo("state");
        assertThat(e.get("container").asInt()).isEqualTo(t11.id());
        assertThat(e.get("containerPath").asText()).isEqualTo("/node-1/rank 0/rank 0 / main");
        assertThat(e.get("type").asText()).isEqualTo("Thread State");
        assertThat(e.get("start").asDouble()).isEqualTo(0.5);
        assertThat(e.get("end").asDouble()).isEqualTo(0.8);
        assertThat(e.get("duration").asDouble()).isCloseTo(0.3, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(e.get("value").asText()).isEqualTo("Reading file");
        assertThat(e.get("level").asInt()).isEqualTo(1);
        assertThat(e.get("fields").get("File").asText()).isEqualTo("main.c");
        assertThat(e.get("fields").get("Line").asText()).isEqualTo("42");

        JsonNode event = HELLO.api().ok("/api/entity?container=" + t11.id() + "&type=" + type("Marker").id() + "&row=0");
        assertThat(event.get("kind").asText()).isEqualTo("event");
        assertThat(event.get("time").asDouble()).isEqualTo(1.1);
        assertThat(event.get("value").asText()).isEqualTo("checkpoint");
        assertThat(event.has("start")).isFalse();

        JsonNode link = HELLO.api().ok("/api/entity?container=" + named("m1").id() + "&type=" + type("Message").id() + "&row=0");
        assertThat(link.get("kind").asText()).isEqualTo("link");
        assertThat(link.get("key").asText()).isEqualTo("k1");
        assertThat(link.get("from").asInt()).isEqualTo(t11.id());
        assertThat(link.get("fromPath").asText()).isEqualTo("/node-1/rank 0/rank 0 / main");
        assertThat(link.get("toPath").asText()).isEqualTo("/node-1/rank 1/rank 1 / main");
        assertThat(link.get("fields").get("Size").asText()).isEqualTo("1024");
        assertThat(link.get("value").asText()).isEqualTo("Send");

        JsonNode variable = HELLO.api().ok("/api/entity?container=" + named("p1").id() + "&type=" + type("Memory (MB)").id()
                + "&row=1");
        assertThat(variable.get("kind").asText()).isEqualTo("variable");
        assertThat(variable.get("value").asDouble()).isEqualTo(350.0);
        assertThat(variable.get("start").asDouble()).isEqualTo(1.0);
        assertThat(variable.get("end").asDouble()).isEqualTo(2.5);
    }

    @ParameterizedTest
    @ValueSource(strings = { // status|request|what the error says
        "400|/api/window?start=abc&end=1&width=10&containers=0|start must be a number, found 'abc'",
        "400|/api/window?end=1&width=10&containers=0|start is missing",
        "400|/api/window?start=0&end=1&width=0&containers=0|width must be an integer between 1 and 10000, found '0'",
        "400|/api/window?start=0&end=1&width=10001&containers=0|width must be an integer between 1 and 10000",
        "400|/api/window?start=0&end=1&width=1.5&containers=0|width must be an integer",
        "400|/api/window?start=2&end=1&width=10&containers=0|start must not be after end",
        "400|/api/window?start=0&end=NaN&width=10&containers=0|end must be a number, found 'NaN'",
        "400|/api/window?start=0&end=1&width=10&containers=a,b|containers must be a comma-separated list of ids",
        "400|/api/window?start=0&end=1&width=10|containers is missing",
        "400|/api/window?start=0&end=1&start=2&width=10&containers=0|start is given more than once",
        "400|/api/window?start=0&end=1&width=10&containers=0&types=0|is a container type",
        "400|/api/entity?container=x&type=1&row=0|container must be an id",
        "400|/api/entity?container=1&type=4&row=-1|row must be an id",
        "400|/api/entity?container=1&type=4|row is missing",
        "404|/api/window?start=0&end=1&width=10&containers=0,99|unknown container 99",
        "404|/api/window?start=0&end=1&width=10&containers=0&types=99|unknown type 99",
        "404|/api/entity?container=99&type=1&row=0|unknown container 99",
        "404|/api/entity?container=0&type=99&row=0|unknown type 99",
        "404|/api/entity?container=0&type=4&row=0|has no entities of type 4",
        "404|/api/entity?container=4&type=4&row=99|unknown row 99",
        "404|/api/nothing|no such page",
        "404|/nothing.js|no such page",
        "404|/notes.txt|no such page",
        "404|/../pom.xml|no such page",
        "404|/..%2fpom.xml|no such page",
        "404|/%2e%2e/static-fixture/app.js|no such page",
        "404|/css/../app.js|no such page",
        "404|/.hidden.js|no such page",
        "404|/dev/paje/server/ViewerServer.class|no such page",
    })
    void badRequestsAreAnsweredWithTheirStatusInJson(String spec) {
        String[] parts = spec.split("\\|");
        Api.Answer a = HELLO.api().get(parts[1]);
        assertThat(a.status()).as("%s", a).isEqualTo(Integer.parseInt(parts[0]));
        assertThat(a.header("Cache-Control")).isEqualTo("no-store");
        assertThat(a.header("Content-Type")).isEqualTo("application/json; charset=utf-8");
        assertThat(a.json().get("error").asText()).contains(parts[2]);
    }

    @Test
    void tooManyContainersIs400() {
        String ids = java.util.stream.IntStream.range(0, 2001).mapToObj(i -> "0").collect(Collectors.joining(","));
        assertThat(HELLO.api().get("/api/window?start=0&end=1&width=10&containers=" + ids).status()).isEqualTo(200);
        String distinct = java.util.stream.IntStream.range(0, 2001).mapToObj(String::valueOf)
                .collect(Collectors.joining(","));
        Api.Answer a = HELLO.api().get("/api/window?start=0&end=1&width=10&containers=" + distinct);
        assertThat(a.status()).isEqualTo(400);
        assertThat(a.json().get("error").asText()).contains("too many containers", "at most 2000");
    }


    @Test
    void servesThePageAndItsAssetsWithTheirTypes() {
        Api.Answer root = HELLO.api().get("/");
        assertThat(root.status()).isEqualTo(200);
        assertThat(root.header("Content-Type")).isEqualTo("text/html; charset=utf-8");
        assertThat(root.text()).contains("fixture");
        assertThat(HELLO.api().get("/index.html").text()).isEqualTo(root.text());
        Api.Answer js = HELLO.api().get("/app.js");
        assertThat(js.status()).isEqualTo(200);
        assertThat(js.header("Content-Type")).isEqualTo("text/javascript; charset=utf-8");
        Api.Answer css = HELLO.api().get("/css/style.css");
        assertThat(css.status()).isEqualTo(200);
        assertThat(css.header("Content-Type")).isEqualTo("text/css; charset=utf-8");
    }

    @Test
    void onlyGetIsAnswered() throws Exception {
        var client = java.net.http.HttpClient.newHttpClient();
        var r = client.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(HELLO.server().url() + "api/meta"))
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("x")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(405);
    }

    @Test
    void aTraceThatCouldNotBeReadStillAnswersMetaWithItsProblems() throws Exception {
        Path bad = java.nio.file.Files.createTempFile("paje-bad", ".trace");
        try {
            java.nio.file.Files.writeString(bad, "%EventDef PajeDefineContainerType 0\n% Alias string\n");
            TraceLoader.Loaded broken = TraceLoader.builder().collectProblems(100).build().load(bad);
            TraceLoader.Loaded none = new TraceLoader.Loaded(null, broken.problems().isEmpty()
                    ? List.of(new dev.paje.read.Problem("x.trace", 1, "broken", "text")) : broken.problems(),
                    List.of(), false, 1, 1, 0, false);
            try (ViewerServer s = ViewerServer.start(none, "bad.trace", "127.0.0.1", 0)) {
                Api a = new Api(s);
                JsonNode meta = a.ok("/api/meta");
                assertThat(meta.get("containers")).isEmpty();
                assertThat(meta.get("types")).isEmpty();
                assertThat(meta.get("problems")).isNotEmpty();
                assertThat(meta.get("problems").get(0).get("message").asText()).isNotEmpty();
                assertThat(a.ok("/api/window?start=0&end=1&width=10&containers=").get("rows")).isEmpty();
                assertThat(a.get("/api/window?start=0&end=1&width=10&containers=0").status()).isEqualTo(404);
            }
        } finally {
            java.nio.file.Files.delete(bad);
        }
    }

    @Test
    void whileTheTraceLoadsTheStatusShowsProgressAndDataWaits() throws Exception {
        try (ViewerServer s = ViewerServer.starting("big.trace", "127.0.0.1", 0)) {
            Api a = new Api(s);
            assertThat(a.ok("/api/status").get("state").asText()).isEqualTo("loading");
            s.progress().start("big.trace", 1000);
            s.progress().advance(420);
            JsonNode status = a.ok("/api/status");
            assertThat(status.get("file").asText()).isEqualTo("big.trace");
            assertThat(status.get("done").asLong()).isEqualTo(420);
            assertThat(status.get("total").asLong()).isEqualTo(1000);
            for (String path : new String[] {"/api/meta", "/api/window?start=0&end=1&width=10&containers=0",
                "/api/entity?container=0&type=0&row=0"}) {
                Api.Answer waiting = a.get(path);
                assertThat(waiting.status()).as(path).isEqualTo(503);
                assertThat(waiting.json().get("error").asText()).contains("still loading (42%)");
            }
            assertThat(a.get("/").status()).as("the page is served at once").isEqualTo(200);
            s.ready(HELLO.loaded());
            assertThat(a.ok("/api/status").get("state").asText()).isEqualTo("ready");
            assertThat(a.ok("/api/meta").get("containers")).hasSize(HELLO.trace().containers().size());
        }
    }

    @Test
    void theStatusSecondsStopWhenTheLoadEnds() throws Exception {
        try (ViewerServer s = ViewerServer.starting("big.trace", "127.0.0.1", 0);
                ViewerServer f = ViewerServer.starting("gone.trace", "127.0.0.1", 0)) {
            Api a = new Api(s);
            Api b = new Api(f);
            Thread.sleep(150);
            assertThat(a.ok("/api/status").get("seconds").asDouble()).as("while loading: so far").isGreaterThanOrEqualTo(0.1);
            s.ready(HELLO.loaded());
            f.failed("disk on fire");
            double took = a.ok("/api/status").get("seconds").asDouble();
            double failedAfter = b.ok("/api/status").get("seconds").asDouble();
            Thread.sleep(300); // the status rounds to tenths: a clock still running would show 0.3 s more
            assertThat(a.ok("/api/status").get("seconds").asDouble()).as("what the load took").isEqualTo(took);
            assertThat(b.ok("/api/status").get("seconds").asDouble()).as("what the failed load took").isEqualTo(failedAfter);
        }
    }

    @Test
    void aLoadThatFailedIsReportedByStatusAndData() throws Exception {
        try (ViewerServer s = ViewerServer.starting("gone.trace", "127.0.0.1", 0)) {
            Api a = new Api(s);
            s.failed("disk on fire");
            JsonNode status = a.ok("/api/status");
            assertThat(status.get("state").asText()).isEqualTo("failed");
            assertThat(status.get("message").asText()).isEqualTo("disk on fire");
            Api.Answer meta = a.get("/api/meta");
            assertThat(meta.status()).isEqualTo(503);
            assertThat(meta.json().get("error").asText()).isEqualTo("the trace could not be loaded: disk on fire");
        }
    }

    @Test
    void dominantValuesComeAsRunsOfPixels() {
        int t11 = named("t11").id();
        Type state = type("Thread State");
        // 1 pixel = 0.1 s: Running [0, 4] at level 0, Reading file [0.5, 0.8] pushed over it at level 1
        String q = "/api/window?start=0&end=4&width=40&containers=" + t11 + "&types=" + state.id();
        JsonNode s = HELLO.api().ok(q + "&dominant=1").get("rows").get(0).get("states").get(0);
        assertThat(s.has("summary")).isFalse();
        assertThat(s.has("items")).isFalse();
        JsonNode runs = s.get("runs");
        int running = valueId(state, "Running");
        int reading = valueId(state, "Reading file");
        assertThat(ints(runs.get("px"))).containsExactly(0, 5, 8);
        assertThat(ints(runs.get("length"))).containsExactly(5, 3, 32);
        assertThat(ints(runs.get("value"))).containsExactly(running, reading, running); // a tie: the deeper level wins
        assertThat(HELLO.api().get(q + "&dominant=2").status()).isEqualTo(400);
    }

    private static int valueId(Type t, String name) {
        for (int i = 0; i < t.values().size(); i++) {
            if (DisplayNames.name(t.values().get(i).name()).equals(name)) {
                return i;
            }
        }
        throw new AssertionError(name + " not a value of " + t);
    }

    private static java.util.List<Integer> ints(JsonNode array) {
        java.util.List<Integer> out = new java.util.ArrayList<>();
        array.forEach(n -> out.add(n.asInt()));
        return out;
    }
}
