package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.paje.causal.LogicalTime;
import dev.paje.store.Container;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Type;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code /api/window?time=logical} and {@code /api/logical} over a trace with clock skew, against {@link LogicalTime}. */
class LogicalWindowTest {
    @RegisterExtension
    static final ServedTrace SKEW = ServedTrace.api("src/test/resources/causal/skew.trace");
    private static LogicalTime logical;

    @BeforeAll
    static void start() throws Exception {
        logical = LogicalTime.of(SKEW.trace());
    }

    private static String all() {
        return SKEW.trace().containers().stream().map(c -> String.valueOf(c.id())).collect(Collectors.joining(","));
    }

    private JsonNode logicalWindow() {
        return SKEW.api().window("/api/window?time=logical&start=0&end=" + (logical.maxClock() + 1) + "&width=1000&containers=" + all());
    }

    @Test
    void theAxisIsTheLamportClocks() {
        JsonNode a = SKEW.api().ok("/api/logical");
        assertThat(a.get("start").asDouble()).isZero();
        assertThat(a.get("maxClock").asInt()).isEqualTo(logical.maxClock()).isPositive();
        assertThat(a.get("end").asDouble()).isEqualTo(logical.maxClock() + 1);
        assertThat(a.get("links").asInt()).isEqualTo(4);
        assertThat(a.get("ignoredLinks").asInt()).isZero();
        for (Container c : SKEW.trace().containers()) {
            assertThat(a.get("containers").get("start").get(c.id()).asDouble()).isEqualTo(logical.position(c.id(), c.start()));
        }
    }

    @Test
    void everyTimeOfTheAnswerIsALogicalPosition() {
        int states = 0;
        int events = 0;
        for (JsonNode row : logicalWindow().get("rows")) {
            Container c = SKEW.trace().container(row.get("container").asInt());
            for (JsonNode st : row.get("states")) {
                Type t = SKEW.trace().types().get(st.get("type").asInt());
                StateTable table = c.states(t);
                for (JsonNode it : st.get("items")) {
                    int r = it.get("row").asInt();
                    assertThat(it.get("start").asDouble()).isEqualTo(logical.position(c.id(), table.start(r)));
                    assertThat(it.get("end").asDouble()).isEqualTo(logical.position(c.id(), table.end(r)));
                    states++;
                }
            }
            for (JsonNode ev : row.get("events")) {
                EventTable table = c.events(SKEW.trace().types().get(ev.get("type").asInt()));
                for (JsonNode it : ev.get("items")) {
                    assertThat(it.get("time").asDouble()).isEqualTo(logical.position(c.id(), table.time(it.get("row").asInt())));
                    events++;
                }
            }
        }
        assertThat(states).isEqualTo(1);
        assertThat(events).isEqualTo(1);
    }

    @Test
    void linksPointRightEvenWhenTheirClocksDisagree() {
        int links = 0;
        int tachyons = 0;
        for (JsonNode row : logicalWindow().get("rows")) {
            Container holder = SKEW.trace().container(row.get("container").asInt());
            for (JsonNode lk : row.get("links")) {
                LinkTable table = holder.links(SKEW.trace().types().get(lk.get("type").asInt()));
                for (JsonNode it : lk.get("items")) {
                    int r = it.get("row").asInt(); // the store's row: the inspector asks /api/entity for it
                    assertThat(it.get("from").asInt()).isEqualTo(table.from(r));
                    assertThat(it.get("to").asInt()).isEqualTo(table.to(r));
                    assertThat(it.get("start").asDouble()).isEqualTo(logical.position(table.from(r), table.start(r)));
                    assertThat(it.get("end").asDouble()).isEqualTo(logical.position(table.to(r), table.end(r)));
                    assertThat(it.get("end").asDouble()).isGreaterThan(it.get("start").asDouble());
                    tachyons += table.end(r) < table.start(r) ? 1 : 0;
                    links++;
                }
            }
        }
        assertThat(links).isEqualTo(4);
        assertThat(tachyons).isEqualTo(2); // k1 and k4 end before they start in seconds, not in steps
    }

    @Test
    void realTimeIsStillTheDefault() {
        JsonNode w = SKEW.api().window("/api/window?start=0&end=10&width=100&containers=" + all());
        JsonNode w2 = SKEW.api().window("/api/window?time=real&start=0&end=10&width=100&containers=" + all());
        assertThat(w2).isEqualTo(w);
        assertThat(SKEW.api().get("/api/window?time=lamport&start=0&end=10&width=100&containers=1").status()).isEqualTo(400);
    }

    @Test
    void convertsBetweenSecondsAndSteps() {
        Container p3 = SKEW.trace().containers().stream().filter(c -> "p3".equals(c.alias())).findFirst().orElseThrow();
        JsonNode a = SKEW.api().ok("/api/logical?container=" + p3.id() + "&times=1.5,4,5");
        assertThat(a.get("positions").get(0).asDouble()).isEqualTo(logical.position(p3.id(), 1.5));
        assertThat(a.get("positions").get(1).asDouble()).isEqualTo(logical.position(p3.id(), 4));
        JsonNode back = SKEW.api().ok("/api/logical?container=" + p3.id() + "&positions=" + a.get("positions").get(0) + ","
                + a.get("positions").get(1));
        assertThat(back.get("times").get(0).asDouble()).isEqualTo(1.5);
        assertThat(back.get("times").get(1).asDouble()).isEqualTo(4.0);
        // the whole trace: monotone both ways
        JsonNode g = SKEW.api().ok("/api/logical?times=0,2,4,6,10");
        for (int i = 1; i < 5; i++) {
            assertThat(g.get("positions").get(i).asDouble()).isGreaterThanOrEqualTo(g.get("positions").get(i - 1).asDouble());
        }
        assertThat(g.get("positions").get(4).asDouble()).isEqualTo(logical.maxClock());
        assertThat(SKEW.api().get("/api/logical?times=1,x").status()).isEqualTo(400);
    }
}
