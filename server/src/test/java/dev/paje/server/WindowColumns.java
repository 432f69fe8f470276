package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Turns a columnar {@code /api/window} answer into one object per entity, as the page does, so that
 * checks read entities; checks on the way that every column of a table has the same length.
 */
final class WindowColumns {
    private WindowColumns() {
    }

    static JsonNode decode(JsonNode answer) {
        for (JsonNode row : answer.get("rows")) {
            for (JsonNode st : row.get("states")) {
                ((ObjectNode) st).set("items", rows(st.get("items")));
                ((ObjectNode) st).set("summary", cells(st.get("summary")));
            }
            for (String kind : new String[] {"events", "variables", "links"}) {
                for (JsonNode t : row.get(kind)) {
                    ((ObjectNode) t).set("items", rows(t.get("items")));
                    ((ObjectNode) t).set("summary", rows(t.get("summary")));
                }
            }
        }
        return answer;
    }

    private static ArrayNode rows(JsonNode columns) {
        List<String> names = new ArrayList<>();
        columns.fieldNames().forEachRemaining(names::add);
        int n = names.isEmpty() ? 0 : columns.get(names.get(0)).size();
        ArrayNode out = Api.JSON.createArrayNode();
        for (int i = 0; i < n; i++) {
            ObjectNode o = out.addObject();
            for (String name : names) {
                assertThat(columns.get(name)).as("column %s", name).hasSize(n);
                o.set(name, columns.get(name).get(i));
            }
        }
        return out;
    }

    /** State cells: {@code {px, level, values: [[value, share], ...]}} with shares back in 0..1. */
    private static ArrayNode cells(JsonNode s) {
        int n = s.get("px").size();
        assertThat(s.get("level")).hasSize(n);
        assertThat(s.get("count")).hasSize(n);
        assertThat(s.get("permille")).hasSize(s.get("value").size());
        ArrayNode out = Api.JSON.createArrayNode();
        Iterator<JsonNode> values = s.get("value").iterator();
        Iterator<JsonNode> shares = s.get("permille").iterator();
        for (int i = 0; i < n; i++) {
            ObjectNode o = out.addObject();
            o.set("px", s.get("px").get(i));
            o.set("level", s.get("level").get(i));
            ArrayNode pairs = o.putArray("values");
            for (int k = 0; k < s.get("count").get(i).asInt(); k++) {
                pairs.addArray().add(values.next()).add(shares.next().asInt() / 1000.0);
            }
        }
        assertThat(values.hasNext()).as("values beyond the cells' counts").isFalse();
        return out;
    }
}
