package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.paje.SyntheticTrace;
import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.TypeKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /api/window?...&format=bin} (the page's answers) holds the numbers of the JSON answer, value for value:
 * states, events, variables and links, exact items and summaries, dominant runs and aggregates, zoomed in and out,
 * empty windows, on a trace with summaries; {@code format=json} is the default, and any other format an error.
 */
class BinaryWindowApiTest {
    @TempDir
    static Path dir;
    private static TraceLoader.Loaded loaded;
    private static ViewerServer server;
    private static Api api;

    @BeforeAll
    static void serve() throws IOException {
        Path trace = SyntheticTrace.write(dir.resolve("t.trace"), 4, 4, 3000, 23);
        loaded = TraceLoader.builder().summaries(true).build().load(trace);
        server = ViewerServer.start(loaded, "t.trace", "127.0.0.1", 0);
        api = new Api(server);
    }

    @AfterAll
    static void close() throws IOException {
        server.close();
        loaded.trace().close();
    }

    @Test
    void binaryAnswersHoldTheJsonAnswersNumbers() {
        double end = loaded.trace().end();
        String all = loaded.trace().containers().stream().map(c -> String.valueOf(c.id())).collect(Collectors.joining(","));
        String machine = String.valueOf(named("node-1").id());
        String states = loaded.trace().types().stream().filter(t -> t.kind() == TypeKind.STATE).map(t -> String.valueOf(t.id()))
                .collect(Collectors.joining(","));
        double[][] windows = {{0, end}, {0, end / 3}, {end / 2, end / 2 + end * 1e-3}, {end * 0.7, end * 0.7 + end * 1e-5},
            {end / 2, end / 2}, {-10, -5}};
        int compared = 0;
        long jsonBytes = 0;
        long binBytes = 0;
        for (double[] w : windows) {
            for (int width : new int[] {1, 700, 10000}) {
                String window = "/api/window?start=" + w[0] + "&end=" + w[1] + "&width=" + width;
                for (String rest : new String[] {"&containers=" + all, "&containers=" + all + "&dominant=1&types=" + states,
                    "&containers=&aggregate=" + machine, "&containers=" + machine + "&aggregate=" + machine}) {
                    Api.Answer json = api.get(window + rest);
                    Api.Answer bin = api.get(window + rest + "&format=bin");
                    assertThat(json.status()).as(window + rest).isEqualTo(200);
                    assertThat(bin.status()).as(window + rest).isEqualTo(200);
                    assertThat(bin.header("Content-Type")).isEqualTo("application/octet-stream");
                    assertThat(BinaryWindow.numbers(BinaryWindow.decode(bin.response().body()))).as(window + rest)
                            .isEqualTo(BinaryWindow.numbers(json.json()));
                    jsonBytes += json.response().body().length;
                    binBytes += bin.response().body().length;
                    compared++;
                }
            }
        }
        assertThat(compared).isEqualTo(72);
        assertThat(binBytes).as("binary bytes against JSON's %d", jsonBytes).isLessThan(jsonBytes);
    }

    @Test
    void theWholeTracesAnswerUsesEveryKindOfTableAndSummary() {
        JsonNode w = BinaryWindow.decode(api.get("/api/window?start=0&end=" + loaded.trace().end() + "&width=300&containers="
                + loaded.trace().containers().stream().map(c -> String.valueOf(c.id())).collect(Collectors.joining(","))
                + "&format=bin").response().body());
        int[] summarized = new int[4];
        String[] kinds = {"states", "events", "variables", "links"};
        for (JsonNode row : w.get("rows")) {
            for (int k = 0; k < kinds.length; k++) {
                for (JsonNode t : row.get(kinds[k])) {
                    summarized[k] += t.get("summary").get("px").size();
                }
            }
        }
        assertThat(java.util.Arrays.stream(summarized).min().orElseThrow()).as("summary cells of states, events, variables, links: %s",
                java.util.Arrays.toString(summarized)).isPositive();
    }

    @Test
    void jsonIsTheDefaultAndOtherFormatsAreRefused() {
        String q = "/api/window?start=0&end=10&width=100&containers=" + named("node-1").id();
        assertThat(api.get(q + "&format=json").text()).isEqualTo(api.get(q).text());
        Api.Answer bin = api.get(q + "&format=bin");
        assertThat(bin.header("Content-Length")).as("sent with its length, not chunked")
                .isEqualTo(String.valueOf(bin.response().body().length));
        Api.Answer bad = api.get(q + "&format=xml");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().get("error").asText()).isEqualTo("format must be json or bin, found xml");
    }

    private static Container named(String name) {
        return loaded.trace().containers().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }
}
