package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** {@code /api/gaps}: idle spans of hand-written traces, and of examples/hello.trace against a brute-force scan. */
class GapsApiTest {
    private static List<List<Double>> gaps(JsonNode answer) {
        List<List<Double>> out = new ArrayList<>();
        for (JsonNode g : answer.get("gaps")) {
            out.add(List.of(g.get(0).asDouble(), g.get(1).asDouble()));
        }
        return out;
    }

    private static int id(Trace trace, String alias) {
        return trace.containers().stream().filter(c -> alias.equals(c.alias())).findFirst().orElseThrow().id();
    }

    @Test
    void foldsWhatNoListedRowDoes() throws Exception {
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(Path.of("src/test/resources/causal/gaps.trace"));
        Trace trace = loaded.trace();
        try (ViewerServer server = ViewerServer.start(loaded, "gaps.trace", "127.0.0.1", 0, "/static-fixture")) {
            Api api = new Api(server);
            String rows = id(trace, "p1") + "," + id(trace, "p2");
            assertThat(gaps(api.ok("/api/gaps?start=0&end=20&min=3&containers=" + rows)))
                    .containsExactly(List.of(2.0, 8.0), List.of(8.0, 20.0));
            // with the root, which holds the link: its ends at 9 and 15 are changes too
            assertThat(gaps(api.ok("/api/gaps?start=0&end=20&min=3&containers=0," + rows)))
                    .containsExactly(List.of(2.0, 8.0), List.of(9.0, 15.0), List.of(15.0, 20.0));
            // clipped to the window; the default minimum is a tenth of it
            assertThat(gaps(api.ok("/api/gaps?start=4&end=10&containers=" + rows)))
                    .containsExactly(List.of(4.0, 8.0), List.of(8.0, 10.0));
            assertThat(gaps(api.ok("/api/gaps?start=0&end=20&min=7&containers=" + id(trace, "p1"))))
                    .containsExactly(List.of(8.0, 20.0));
            assertThat(api.get("/api/gaps?start=5&end=1&containers=1").status()).isEqualTo(400);
            assertThat(api.get("/api/gaps?start=0&end=1&min=-1&containers=1").status()).isEqualTo(400);
        }
    }

    @Test
    void agreesWithAScanOfEveryChange() throws Exception {
        TraceLoader.Loaded loaded = TraceLoader.builder().build().load(Path.of("../examples/hello.trace"));
        Trace trace = loaded.trace();
        Random random = new Random(7);
        try (ViewerServer server = ViewerServer.start(loaded, "hello.trace", "127.0.0.1", 0, "/static-fixture")) {
            Api api = new Api(server);
            int found = 0;
            for (int k = 0; k < 200; k++) {
                List<Container> some = trace.containers().stream().filter(c -> random.nextInt(3) > 0).toList();
                double a = Math.round(random.nextDouble() * 40) / 10.0;
                double b = Math.min(4.5, a + Math.round(random.nextDouble() * 40) / 10.0 + 0.1);
                double min = Math.round((0.05 + random.nextDouble() * 0.6) * 100) / 100.0;
                String ids = some.stream().map(c -> String.valueOf(c.id())).collect(Collectors.joining(","));
                JsonNode answer = api.ok("/api/gaps?start=" + a + "&end=" + b + "&min=" + min + "&containers=" + ids);
                List<List<Double>> expected = scan(trace, some, a, b, answer.get("min").asDouble());
                assertThat(gaps(answer)).as("window [%s, %s], min %s, containers %s", a, b, min, ids).isEqualTo(expected);
                found += expected.size();
            }
            assertThat(found).isGreaterThan(50); // the windows did have gaps to find
        }
    }

    /** Every change time of the containers, then the spaces between consecutive ones. */
    private static List<List<Double>> scan(Trace trace, List<Container> containers, double a, double b, double min) {
        TreeSet<Double> times = new TreeSet<>(List.of(a, b));
        for (Container c : containers) {
            times.add(c.start());
            times.add(c.end());
            for (Type t : trace.types()) {
                EntityTable table = c.table(t);
                for (int r = 0; table != null && r < table.size(); r++) {
                    if (table instanceof StateTable s) {
                        times.add(s.start(r));
                        times.add(s.end(r));
                    } else if (table instanceof EventTable e) {
                        times.add(e.time(r));
                    } else if (table instanceof VariableTable v) {
                        times.add(v.start(r));
                        times.add(v.end(r));
                    } else if (table instanceof LinkTable l && l.complete(r)) {
                        times.add(l.start(r));
                        times.add(l.end(r));
                    }
                }
            }
        }
        List<Double> inside = times.stream().filter(t -> !Double.isNaN(t) && t >= a && t <= b).toList();
        List<List<Double>> out = new ArrayList<>();
        for (int i = 1; i < inside.size(); i++) {
            if (inside.get(i) - inside.get(i - 1) >= min) {
                out.add(List.of(inside.get(i - 1), inside.get(i)));
            }
        }
        return out;
    }
}
