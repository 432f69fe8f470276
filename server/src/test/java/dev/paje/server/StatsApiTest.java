package dev.paje.server;

import dev.paje.store.DisplayNames;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.paje.stats.EventStats;
import dev.paje.stats.LinkStats;
import dev.paje.stats.StateStats;
import dev.paje.stats.StateValueStats;
import dev.paje.stats.Stats;
import dev.paje.stats.StatsOptions;
import dev.paje.stats.StatsResult;
import dev.paje.stats.SubjectStats;
import dev.paje.stats.VariableStats;
import dev.paje.store.Container;
import dev.paje.store.EventTable;
import dev.paje.store.StateTable;
import dev.paje.store.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code /api/stats} over examples/hello.trace: against {@link Stats#compute} and against sums over the store's rows. */
class StatsApiTest {
    @RegisterExtension
    static final ServedTrace HELLO = ServedTrace.api("../examples/hello.trace");
    private static final double[][] WINDOWS = {{0, 4}, {0.5, 1.5}, {0.65, 2.35}, {1.0, 1.0}, {-1, 10}, {3.9, 4}};

    private static Container named(String name) {
        return HELLO.trace().containers().stream().filter(c -> DisplayNames.name(c.name()).equals(name)).findFirst().orElseThrow();
    }

    private static Type type(String name) {
        return HELLO.trace().types().stream().filter(t -> DisplayNames.name(t.name()).equals(name)).findFirst().orElseThrow();
    }

    private static JsonNode stats(double s, double e, String more) {
        return HELLO.api().ok("/api/stats?start=" + s + "&end=" + e + more);
    }

    @Test
    void agreesWithStatsComputeForEveryWindow() {
        for (double[] w : WINDOWS) {
            JsonNode json = stats(w[0], w[1], "");
            StatsResult r = Stats.compute(HELLO.trace(), StatsOptions.defaults().withWindow(w[0], w[1]));
            assertThat(json.get("start").asDouble()).isEqualTo(r.start());
            assertThat(json.get("subjects")).hasSize(r.subjects().size());
            for (int i = 0; i < r.subjects().size(); i++) {
                sameSubject(json.get("subjects").get(i), r.subjects().get(i));
            }
        }
    }

    private static void sameSubject(JsonNode n, SubjectStats s) {
        assertThat(n.get("container").asInt()).isEqualTo(s.container().id());
        assertThat(n.get("path").asText()).isEqualTo(s.path());
        assertThat(n.get("states")).hasSize(s.states().size());
        for (int i = 0; i < s.states().size(); i++) {
            StateStats st = s.states().get(i);
            JsonNode sn = n.get("states").get(i);
            assertThat(sn.get("type").asInt()).isEqualTo(st.type().id());
            for (int v = 0; v < st.values().size(); v++) {
                StateValueStats vs = st.values().get(v);
                JsonNode vn = sn.get("values").get(v);
                assertThat(vn.get("value").asInt()).isEqualTo(vs.value().index());
                assertThat(vn.get("time").asDouble()).isEqualTo(vs.time());
                assertThat(vn.get("innermostTime").asDouble()).isEqualTo(vs.innermostTime());
                assertThat(vn.get("share").isNull() ? (Double) Double.NaN : (Double) vn.get("share").asDouble()).isEqualTo((Double) vs.share());
            }
        }
        assertThat(n.get("events")).hasSize(s.events().size());
        for (int i = 0; i < s.events().size(); i++) {
            EventStats e = s.events().get(i);
            assertThat(n.get("events").get(i).get("total").asLong()).isEqualTo(e.total());
        }
        assertThat(n.get("links")).hasSize(s.links().size());
        for (int i = 0; i < s.links().size(); i++) {
            LinkStats.LinkValueStats l = s.links().get(i).values().get(0);
            JsonNode ln = n.get("links").get(i).get("values").get(0);
            assertThat(new long[] {ln.get("held").asLong(), ln.get("sent").asLong(), ln.get("received").asLong()})
                    .containsExactly(l.held(), l.sent(), l.received());
        }
        assertThat(n.get("variables")).hasSize(s.variables().size());
        for (int i = 0; i < s.variables().size(); i++) {
            VariableStats v = s.variables().get(i);
            JsonNode vn = n.get("variables").get(i);
            assertThat(vn.get("integral").asDouble()).isEqualTo(v.integral());
            assertThat(vn.get("min").asDouble()).isEqualTo(v.min());
            assertThat(vn.get("max").asDouble()).isEqualTo(v.max());
        }
    }

    @Test
    void stateTimesAndEventCountsAreTheSumsOfTheStoresRows() {
        for (double[] w : WINDOWS) {
            JsonNode json = stats(w[0], w[1], "");
            Map<Integer, JsonNode> byContainer = new HashMap<>();
            json.get("subjects").forEach(n -> byContainer.put(n.get("container").asInt(), n));
            for (Container c : HELLO.trace().containers()) {
                for (Type t : HELLO.trace().types()) {
                    if (c.table(t) instanceof StateTable st) {
                        Map<Integer, Double> time = new HashMap<>();
                        for (int i = 0; i < st.size(); i++) {
                            double end = Double.isNaN(st.end(i)) ? HELLO.trace().end() : st.end(i);
                            if (st.start(i) <= w[1] && end >= w[0]) {
                                time.merge(st.value(i), Math.max(0, Math.min(end, w[1]) - Math.max(st.start(i), w[0])), Double::sum);
                            }
                        }
                        for (Map.Entry<Integer, Double> e : time.entrySet()) {
                            assertThat(value(byContainer.get(c.id()), "states", t, e.getKey()).get("time").asDouble())
                                    .as("%s in %s over %s", t.value(e.getKey()).name(), c.name(), List.of(w[0], w[1]))
                                    .isCloseTo(e.getValue(), within(1e-12));
                        }
                    } else if (c.table(t) instanceof EventTable et) {
                        Map<Integer, Long> count = new HashMap<>();
                        for (int i = 0; i < et.size(); i++) {
                            if (et.time(i) >= w[0] && et.time(i) <= w[1]) {
                                count.merge(et.value(i), 1L, Long::sum);
                            }
                        }
                        for (Map.Entry<Integer, Long> e : count.entrySet()) {
                            assertThat(value(byContainer.get(c.id()), "events", t, e.getKey()).get("count").asLong())
                                    .isEqualTo(e.getValue());
                        }
                    }
                }
            }
        }
    }

    private static JsonNode value(JsonNode subject, String kind, Type t, int value) {
        assertThat(subject).as("a subject with %s", t.name()).isNotNull();
        for (JsonNode tn : subject.get(kind)) {
            if (tn.get("type").asInt() == t.id()) {
                for (JsonNode vn : tn.get("values")) {
                    if (vn.get("value").asInt() == value) {
                        return vn;
                    }
                }
            }
        }
        throw new AssertionError("no value " + value + " of " + t.name() + " in " + subject);
    }

    @Test
    void sharesOfAKnownSlice() {
        int main = named("rank 0 / main").id();
        JsonNode json = stats(0.5, 1.5, "&containers=" + main);
        assertThat(json.get("subjects")).hasSize(1);
        JsonNode st = json.get("subjects").get(0).get("states").get(0);
        assertThat(st.get("span").asDouble()).isEqualTo(1.0);
        Map<String, Double> innermost = new HashMap<>();
        Type type = HELLO.trace().types().get(st.get("type").asInt());
        st.get("values").forEach(v -> innermost.put(type.value(v.get("value").asInt()).name(), v.get("innermostShare").asDouble()));
        assertThat(innermost.get("Running")).isCloseTo(0.7, within(1e-12));
        assertThat(innermost.get("\"Reading file\"")).isCloseTo(0.3, within(1e-12));
        JsonNode checkpoint = json.get("subjects").get(0).get("events").get(0);
        assertThat(checkpoint.get("total").asInt()).isEqualTo(1);
    }

    @Test
    void containersRestrictTheSubjectsAndGroupsKeepThoseTouchingThem() {
        int main = named("rank 0 / main").id();
        int io = named("rank 1 / io").id();
        List<Integer> ids = new ArrayList<>();
        stats(0, 4, "&containers=" + io + "," + main).get("subjects").forEach(n -> ids.add(n.get("container").asInt()));
        assertThat(ids).containsExactly(main, io); // tree order
        int process = type("Process").id();
        JsonNode groups = stats(0, 4, "&groupBy=" + process);
        assertThat(groups.get("groupBy").asInt()).isEqualTo(process);
        assertThat(groups.get("subjects")).hasSize(2);
        assertThat(groups.get("subjects").get(0).get("members").asInt()).isEqualTo(3);
        JsonNode one = stats(0, 4, "&groupBy=" + process + "&containers=" + io);
        assertThat(one.get("subjects")).hasSize(1);
        assertThat(one.get("subjects").get(0).get("path").asText()).isEqualTo("/node-1/rank 1");
    }

    @Test
    void badParametersAre400AndUnknownIds404() {
        assertThat(HELLO.api().get("/api/stats?start=2&end=1").status()).isEqualTo(400);
        assertThat(HELLO.api().get("/api/stats?start=x&end=1").json().get("error").asText()).contains("start must be a number");
        assertThat(HELLO.api().get("/api/stats?start=0").json().get("error").asText()).contains("end is missing");
        assertThat(HELLO.api().get("/api/stats?start=0&end=1&containers=1,x").status()).isEqualTo(400);
        assertThat(HELLO.api().get("/api/stats?start=0&end=1&containers=999").status()).isEqualTo(404);
        assertThat(HELLO.api().get("/api/stats?start=0&end=1&groupBy=999").status()).isEqualTo(404);
        Api.Answer entityType = HELLO.api().get("/api/stats?start=0&end=1&groupBy=" + type("Thread State").id());
        assertThat(entityType.status()).isEqualTo(400);
        assertThat(entityType.json().get("error").asText()).contains("container type");
    }
}
