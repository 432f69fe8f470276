package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.paje.store.Container;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Checks an {@code /api/window} answer against the store, computed here by scanning whole tables
 * (not through the server's query): nothing dropped, exact items exactly the long entities.
 */
final class WindowCheck {
    private final Trace trace;
    private final double start;
    private final double end;
    private final double pixel;
    private final int width;

    /** {@code window}: an answer decoded by {@link WindowColumns}. */
    WindowCheck(Trace trace, JsonNode window) {
        this.trace = trace;
        this.start = window.get("start").asDouble();
        this.end = window.get("end").asDouble();
        this.width = window.get("width").asInt();
        this.pixel = window.get("pixel").asDouble();
        assertThat(pixel).isCloseTo((end - start) / width, within(1e-15 * Math.max(1, Math.abs(end))));
    }

    /** Checks every row of the answer; returns how many entity tables were checked. */
    int check(JsonNode window) {
        int tables = 0;
        for (JsonNode row : window.get("rows")) {
            Container c = trace.container(row.get("container").asInt());
            tables += each(row.get("states"), s -> states(c, s));
            tables += each(row.get("events"), e -> events(c, e));
            tables += each(row.get("variables"), v -> variables(c, v));
            tables += each(row.get("links"), l -> links(c, l));
        }
        return tables;
    }

    /** Checks each table of one kind in a row; returns how many. */
    private static int each(JsonNode tables, Consumer<JsonNode> check) {
        tables.forEach(check);
        return tables.size();
    }

    private double endOf(double e) {
        return Double.isNaN(e) ? trace.end() : e;
    }

    private Type type(JsonNode node) {
        return trace.types().get(node.get("type").asInt());
    }

    private void states(Container c, JsonNode node) {
        StateTable t = c.states(type(node));
        assertThat(t).as("states of %s", c).isNotNull();
        double expected = 0;
        Set<Integer> longRows = new HashSet<>();
        Map<Integer, Double> timeByLevel = new HashMap<>();
        for (int i = 0; i < t.size(); i++) {
            double s = t.start(i);
            double e = endOf(t.end(i));
            if (e >= start && s <= end) {
                expected += Math.min(e, end) - Math.max(s, start);
                if (e - s >= pixel) {
                    longRows.add(i);
                }
            }
        }
        double got = 0;
        Set<Integer> items = new HashSet<>();
        for (JsonNode item : node.get("items")) {
            int row = item.get("row").asInt();
            items.add(row);
            assertThat(item.get("start").asDouble()).isEqualTo(t.start(row));
            assertThat(item.get("end").asDouble()).isEqualTo(endOf(t.end(row)));
            assertThat(item.get("value").asInt()).isEqualTo(t.value(row));
            assertThat(item.get("level").asInt()).isEqualTo(t.level(row));
            got += Math.min(item.get("end").asDouble(), end) - Math.max(item.get("start").asDouble(), start);
        }
        assertThat(items).as("exact states of %s at pixel %s", c, pixel).isEqualTo(longRows);
        double rounding = 0; // shares are sent in thousandths of a pixel
        for (JsonNode px : node.get("summary")) {
            assertThat(px.get("px").asInt()).isBetween(0, width - 1);
            double sum = 0;
            for (JsonNode pair : px.get("values")) {
                assertThat(pair.get(0).asInt()).isBetween(0, type(node).values().size() - 1);
                sum += pair.get(1).asDouble();
                rounding += 0.0005 * pixel;
            }
            assertThat(sum).as("fractions of pixel %s", px).isLessThanOrEqualTo(1 + 0.0005 * px.get("values").size());
            timeByLevel.merge(px.get("level").asInt(), sum * pixel, Double::sum);
            got += sum * pixel;
        }
        assertThat(got).as("state time of %s in [%s, %s] at width %s", c, start, end, width)
                .isCloseTo(expected, within(1e-9 * Math.max(expected, 1e-300) + 1e-300 + rounding));
    }

    private void events(Container c, JsonNode node) {
        EventTable t = c.events(type(node));
        int expected = 0;
        for (int i = 0; i < t.size(); i++) {
            if (t.time(i) >= start && t.time(i) <= end) {
                expected++;
            }
        }
        int got = node.get("items").size();
        for (JsonNode item : node.get("items")) {
            int row = item.get("row").asInt();
            assertThat(item.get("time").asDouble()).isEqualTo(t.time(row)).isBetween(start, end);
            assertThat(item.get("value").asInt()).isEqualTo(t.value(row));
        }
        for (JsonNode px : node.get("summary")) {
            got += px.get("count").asInt();
        }
        assertThat(got).as("events of %s", c).isEqualTo(expected);
        if (expected <= 2 * width) {
            assertThat(node.get("summary")).as("sparse events are all exact").isEmpty();
        }
    }

    private void links(Container c, JsonNode node) {
        LinkTable t = c.links(type(node));
        int expected = 0;
        Set<Integer> longRows = new HashSet<>();
        for (int i = 0; i < t.size(); i++) {
            if (t.complete(i) && t.end(i) >= start && t.start(i) <= end) {
                expected++;
                if (t.end(i) - t.start(i) >= pixel) {
                    longRows.add(i);
                }
            }
        }
        Set<Integer> items = new HashSet<>();
        for (JsonNode item : node.get("items")) {
            int row = item.get("row").asInt();
            items.add(row);
            assertThat(item.get("start").asDouble()).isEqualTo(t.start(row));
            assertThat(item.get("end").asDouble()).isEqualTo(t.end(row));
            assertThat(item.get("from").asInt()).isEqualTo(t.from(row));
            assertThat(item.get("to").asInt()).isEqualTo(t.to(row));
            assertThat(item.get("value").asInt()).isEqualTo(t.value(row));
        }
        // Links overlap: all are sent exactly while sparse (at most two per pixel), none beyond.
        if (expected <= 2 * width) {
            assertThat(items).as("links of %s, sparse", c).hasSize(expected).containsAll(longRows);
        } else {
            assertThat(items).as("links of %s, dense", c).isEmpty();
        }
        int got = items.size();
        for (JsonNode px : node.get("summary")) {
            got += px.get("count").asInt();
        }
        assertThat(got).as("links of %s", c).isEqualTo(expected);
    }

    private void variables(Container c, JsonNode node) {
        Type type = type(node);
        VariableTable t = c.variable(type);
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < t.size(); i++) {
            min = Math.min(min, t.value(i));
            max = Math.max(max, t.value(i));
        }
        if (t.size() > 0) {
            assertThat(node.get("min").asDouble()).isEqualTo(min);
            assertThat(node.get("max").asDouble()).isEqualTo(max);
        }
        Set<Integer> items = new HashSet<>();
        for (JsonNode item : node.get("items")) {
            int row = item.get("row").asInt();
            items.add(row);
            assertThat(item.get("value").asDouble()).isEqualTo(t.value(row));
            assertThat(item.get("start").asDouble()).isEqualTo(t.start(row));
        }
        Map<Integer, JsonNode> pixels = new HashMap<>();
        for (JsonNode px : node.get("summary")) {
            pixels.put(px.get("px").asInt(), px);
        }
        for (int i = 0; i < t.size(); i++) {
            double s = t.start(i);
            double e = endOf(t.end(i));
            if (e < start || s > end) {
                continue;
            }
            if (e - s >= pixel) {
                assertThat(items).as("long step %s of %s", i, c).contains(i);
            } else {
                int p = (int) Math.min(width - 1, Math.max(0, Math.floor((Math.max(s, start) - start) / pixel)));
                JsonNode px = pixels.get(p);
                if (px == null) { // at a pixel edge, the server may place it one pixel over
                    px = pixels.get(Math.min(width - 1, p + 1));
                }
                if (px == null) {
                    px = pixels.get(Math.max(0, p - 1));
                }
                assertThat(px).as("short step %s of %s (pixel %s)", i, c, p).isNotNull();
                // summarized values are rounded to a millionth of the range (docs/api.md)
                double slack = (max - min) * 1e-6;
                assertThat(t.value(i)).isBetween(px.get("min").asDouble() - slack, px.get("max").asDouble() + slack);
            }
        }
    }

    /**
     * The runs of a {@code dominant=1} answer hold, per pixel, a value with the largest share of the full
     * answer (its summary cells and its exact items, in pixel units), to the thousandth the cells carry.
     */
    static void checkDominant(JsonNode full, JsonNode dominant) {
        double start = full.get("start").asDouble();
        double perSecond = full.get("width").asInt() / (full.get("end").asDouble() - start);
        int width = full.get("width").asInt();
        for (int r = 0; r < full.get("rows").size(); r++) {
            JsonNode states = full.get("rows").get(r).get("states");
            for (int k = 0; k < states.size(); k++) {
                Map<Integer, Map<Integer, Double>> shares = new HashMap<>(); // pixel -> value -> best share
                for (JsonNode cell : states.get(k).get("summary")) {
                    for (JsonNode pair : cell.get("values")) {
                        shares.computeIfAbsent(cell.get("px").asInt(), p -> new HashMap<>())
                                .merge(pair.get(0).asInt(), pair.get(1).asDouble(), Math::max);
                    }
                }
                for (JsonNode item : states.get(k).get("items")) {
                    double xa = Math.max(0, Math.min(width, (item.get("start").asDouble() - start) * perSecond));
                    double xb = Math.max(0, Math.min(width, (item.get("end").asDouble() - start) * perSecond));
                    for (int p = Math.min(width - 1, (int) xa); p <= Math.min(width - 1, (int) xb); p++) {
                        double part = Math.min(xb, p + 1) - Math.max(xa, p);
                        if (part > 0) {
                            shares.computeIfAbsent(p, x -> new HashMap<>()).merge(item.get("value").asInt(), part, Math::max);
                        }
                    }
                }
                JsonNode runs = dominant.get("rows").get(r).get("states").get(k).get("runs");
                Set<Integer> covered = new HashSet<>();
                for (int i = 0; i < runs.get("px").size(); i++) {
                    int value = runs.get("value").get(i).asInt();
                    for (int p = runs.get("px").get(i).asInt(), n = 0; n < runs.get("length").get(i).asInt(); p++, n++) {
                        covered.add(p);
                        Map<Integer, Double> here = shares.getOrDefault(p, Map.of());
                        double best = here.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
                        assertThat(here).as("pixel %s", p).containsKey(value);
                        assertThat(here.get(value)).as("dominant value %s at pixel %s", value, p)
                                .isGreaterThanOrEqualTo(best - 0.0015);
                    }
                }
                assertThat(covered).as("pixels with states").containsAll(
                        shares.entrySet().stream().filter(e -> !e.getValue().isEmpty()).map(Map.Entry::getKey)
                                .filter(p -> shares.get(p).values().stream().anyMatch(v -> v > 0.0015)).toList());
            }
        }
    }
}
