package dev.paje.server;

import dev.paje.store.DisplayNames;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Type;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code /api/search} over examples/hello.trace, against a scan of the store's rows. */
class SearchApiTest {
    @RegisterExtension
    static final ServedTrace HELLO = ServedTrace.api("../examples/hello.trace");

    private static JsonNode search(String q, String more) {
        return HELLO.api().ok("/api/search?q=" + URLEncoder.encode(q, StandardCharsets.UTF_8) + more);
    }

    private static List<String> keys(JsonNode answer) {
        List<String> out = new ArrayList<>();
        answer.get("matches").forEach(m -> out.add(m.get("container").asInt() + ":" + m.get("type").asInt() + ":" + m.get("row").asInt()));
        return out;
    }

    /** Every state, event and link row of the store for which {@code test(table, row)} holds, as container:type:row. */
    private static List<String> scan(BiPredicate<EntityTable, Integer> test) {
        List<String> out = new ArrayList<>();
        for (Container c : HELLO.trace().containers()) {
            for (Type t : HELLO.trace().types()) {
                EntityTable table = c.table(t);
                if (table instanceof StateTable || table instanceof EventTable || table instanceof LinkTable) {
                    for (int row = 0; row < table.size(); row++) {
                        if (test.test(table, row)) {
                            out.add(c.id() + ":" + t.id() + ":" + row);
                        }
                    }
                }
            }
        }
        return out;
    }

    private static String field(EntityTable table, int row, String name) {
        int id = table.userOrNull() == null ? -1 : table.userOrNull().get(row, name);
        return id < 0 ? null : HELLO.trace().name(id);
    }

    private static String valueName(EntityTable table, int row) {
        Type owner = HELLO.trace().types().stream().filter(t -> HELLO.trace().containers().stream().anyMatch(c -> c.table(t) == table))
                .findFirst().orElseThrow();
        int v = table instanceof StateTable s ? s.value(row) : table instanceof EventTable e ? e.value(row) : ((LinkTable) table).value(row);
        return DisplayNames.name(owner.value(v).name());
    }

    @Test
    void userFieldConditionsMatchTheStoresRows() {
        JsonNode file = search("File = main.c", "");
        assertThat(keys(file)).containsExactlyInAnyOrderElementsOf(scan((t, r) -> "main.c".equals(field(t, r, "File"))));
        assertThat(file.get("total").asInt()).isEqualTo(1);
        assertThat(file.get("matches").get(0).get("start").asDouble()).isEqualTo(0.5);
        assertThat(file.get("matches").get(0).get("kind").asText()).isEqualTo("state");
        JsonNode big = search("Size > 1000", "");
        assertThat(keys(big)).hasSize(2).containsExactlyInAnyOrderElementsOf(
                scan((t, r) -> field(t, r, "Size") != null && Double.parseDouble(field(t, r, "Size")) > 1000));
        JsonNode bigger = search("size >= 4096", "");
        assertThat(bigger.get("total").asInt()).isEqualTo(1);
        assertThat(bigger.get("matches").get(0).get("start").asDouble()).isEqualTo(2.0);
        assertThat(search("Line != 42", "").get("total").asInt()).isEqualTo(1);
    }

    @Test
    void plainTextFindsValuesAndContainersAndValueConditionsMatchValues() {
        JsonNode reading = search("reading", "");
        assertThat(keys(reading)).containsExactlyElementsOf(scan((t, r) -> valueName(t, r).toLowerCase().contains("reading")));
        assertThat(reading.get("matches").get(0).get("start").asDouble()).isEqualTo(0.5); // earliest first
        assertThat(reading.get("matches").get(1).get("start").asDouble()).isEqualTo(1.4);
        JsonNode rank1 = search("rank 1", "");
        List<Integer> named = new ArrayList<>();
        rank1.get("containers").forEach(n -> named.add(n.asInt()));
        assertThat(named).containsExactlyElementsOf(HELLO.trace().containers().stream()
                .filter(c -> DisplayNames.name(c.name()).contains("rank 1")).map(Container::id).toList()).hasSize(3);
        JsonNode blocked = search("value = Blocked", "");
        assertThat(keys(blocked)).containsExactlyInAnyOrderElementsOf(scan((t, r) -> valueName(t, r).equals("Blocked")));
        assertThat(blocked.get("containers")).isEmpty();
    }

    @Test
    void theWindowTheContainersAndTheLimitRestrictTheMatches() {
        assertThat(search("reading", "&start=1&end=2").get("total").asInt()).isEqualTo(1);
        int t11 = HELLO.trace().containers().stream().filter(c -> "t11".equals(c.alias())).findFirst().orElseThrow().id();
        assertThat(search("reading", "&containers=" + t11).get("total").asInt()).isEqualTo(1);
        JsonNode running = search("Running", "&limit=1");
        assertThat(running.get("total").asInt()).isEqualTo(scan((t, r) -> valueName(t, r).equals("Running")).size()).isGreaterThan(1);
        assertThat(running.get("truncated").asBoolean()).isTrue();
        assertThat(running.get("matches")).hasSize(1);
        assertThat(running.get("matches").get(0).get("start").asDouble()).isEqualTo(0.0);
    }

    @Test
    void badQueriesAre400AndUnknownContainers404() {
        assertThat(HELLO.api().get("/api/search").json().get("error").asText()).contains("q is missing");
        assertThat(HELLO.api().get("/api/search?q=%20").status()).isEqualTo(400);
        assertThat(HELLO.api().get("/api/search?q=Size%20%3E").json().get("error").asText()).contains("nothing to compare");
        assertThat(HELLO.api().get("/api/search?q=x&limit=0").status()).isEqualTo(400);
        assertThat(HELLO.api().get("/api/search?q=x&start=2&end=1").status()).isEqualTo(400);
        assertThat(HELLO.api().get("/api/search?q=x&containers=999").status()).isEqualTo(404);
    }

    @Test
    void conditionsJoinedByAndMustAllHold() {
        JsonNode both = search("File = main.c & Line = 42", "");
        assertThat(keys(both)).containsExactlyElementsOf(
                scan((t, r) -> "main.c".equals(field(t, r, "File")) && "42".equals(field(t, r, "Line"))));
        assertThat(both.get("total").asInt()).isEqualTo(1);
        assertThat(both.get("query").get("field").asText()).isEqualTo("File");
        assertThat(both.get("conditions")).hasSize(2);
        assertThat(both.get("conditions").get(1).get("field").asText()).isEqualTo("Line");
        assertThat(search("file = main.c&line = 7", "").get("total").asInt()).isZero();
        assertThat(search("File = io.c & Line = 7 & value ~ read", "").get("total").asInt()).isEqualTo(1);
        assertThat(search("File = \"a & b\"", "").get("conditions")).isNull(); // & inside quotes: one condition
        // not every part a condition: plain text as before
        JsonNode plain = search("rank 0 & co", "");
        assertThat(plain.get("query").get("field").isNull()).isTrue();
        assertThat(plain.get("total").asInt()).isZero();
    }
}
