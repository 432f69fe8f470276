package dev.paje.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.paje.store.Container;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.VariableTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An aggregate answer recomputed from the store another way: every state's own (innermost) time is
 * its interval minus its direct children's, every row of every table scanned (no window query), and
 * each pixel's overlap taken directly; members found by walking the tree recursively.
 */
final class AggregateCheck {
    private final Trace trace;
    private final double start;
    private final double end;
    private final int width;
    private final double pixel;

    AggregateCheck(Trace trace, double start, double end, int width) {
        this.trace = trace;
        this.start = start;
        this.end = end;
        this.width = width;
        this.pixel = (end - start) / width;
    }

    /** Checks every aggregate; returns how many (container, type) pairs were compared. */
    int check(JsonNode aggregates) {
        int n = 0;
        for (JsonNode a : aggregates) {
            Container c = trace.container(a.get("container").asInt());
            for (JsonNode st : a.get("states")) {
                states(c, trace.types().get(st.get("type").asInt()), st);
                n++;
            }
            for (JsonNode v : a.get("variables")) {
                variables(c, trace.types().get(v.get("type").asInt()), v);
                n++;
            }
            long expected = trace.types().stream().filter(t -> t.kind() == TypeKind.STATE || t.kind() == TypeKind.VARIABLE)
                    .filter(t -> !members(c, t, new ArrayList<>()).isEmpty()).count();
            assertThat(a.get("states").size() + a.get("variables").size()).isEqualTo((int) expected);
        }
        return n;
    }

    private static List<Container> members(Container c, Type t, List<Container> into) {
        for (Container k : c.children()) {
            if (k.table(t) != null) {
                into.add(k);
            }
            members(k, t, into);
        }
        return into;
    }

    /** Overlap of {@code [a, b]} with pixel {@code p}, in pixels. */
    private double overlap(int p, double a, double b) {
        double lo = start + (end - start) * p / width;
        double hi = p + 1 == width ? end : start + (end - start) * (p + 1) / width;
        return Math.max(0, Math.min(b, hi) - Math.max(a, lo)) / pixel;
    }

    private double endOf(double e) {
        return Double.isNaN(e) ? trace.end() : e;
    }

    private void states(Container c, Type t, JsonNode st) {
        List<Container> members = members(c, t, new ArrayList<>());
        assertThat(st.get("members").asInt()).isEqualTo(members.size());
        double[] alive = new double[width];
        Map<Long, Double> number = new HashMap<>(); // px << 20 | value
        for (Container m : members) {
            for (int p = 0; p < width; p++) {
                alive[p] += overlap(p, m.start(), m.isOpen() ? trace.end() : m.end());
            }
            StateTable s = (StateTable) m.table(t);
            for (int r = 0; r < s.size(); r++) {
                int level = Math.max(0, s.level(r));
                double a = s.start(r);
                double b = endOf(s.end(r));
                for (int p = 0; p < width; p++) {
                    double own = overlap(p, a, b);
                    for (int k = r + 1; k < s.size() && Math.max(0, s.level(k)) > level && s.start(k) < b; k++) {
                        if (Math.max(0, s.level(k)) == level + 1) {
                            own -= overlap(p, s.start(k), Math.min(b, endOf(s.end(k))));
                        }
                    }
                    if (own > 1e-12) {
                        number.merge(((long) p << 20) | s.value(r), own, Double::sum);
                    }
                }
            }
        }
        double tolerance = 1.5e-3 + 1e-9 * members.size();
        Map<Long, Double> sent = new HashMap<>();
        int k = 0;
        for (int i = 0; i < st.get("px").size(); i++) {
            int p = st.get("px").get(i).asInt();
            assertThat(st.get("alive").get(i).asDouble()).as("alive in pixel %d", p).isCloseTo(alive[p], within(tolerance));
            for (int j = 0; j < st.get("count").get(i).asInt(); j++, k++) {
                sent.put(((long) p << 20) | st.get("value").get(k).asInt(), st.get("number").get(k).asDouble());
            }
        }
        for (Map.Entry<Long, Double> e : number.entrySet()) {
            assertThat(sent.getOrDefault(e.getKey(), 0.0)).as("members of %s in %s", t.name(), e.getKey())
                    .isCloseTo(e.getValue(), within(tolerance));
        }
        for (Map.Entry<Long, Double> e : sent.entrySet()) {
            assertThat(number.getOrDefault(e.getKey(), 0.0)).isCloseTo(e.getValue(), within(tolerance));
        }
    }

    private void variables(Container c, Type t, JsonNode v) {
        List<Container> members = members(c, t, new ArrayList<>());
        assertThat(v.get("members").asInt()).isEqualTo(members.size());
        double[] integral = new double[width];
        double[] defined = new double[width];
        for (Container m : members) {
            VariableTable table = (VariableTable) m.table(t);
            for (int r = 0; r < table.size(); r++) {
                for (int p = 0; p < width; p++) {
                    double o = overlap(p, table.start(r), endOf(table.end(r)));
                    integral[p] += o * table.value(r);
                    defined[p] += o;
                }
            }
        }
        for (int i = 0; i < v.get("px").size(); i++) {
            int p = v.get("px").get(i).asInt();
            double scale = 1e-6 * Math.max(1, Math.abs(integral[p]));
            assertThat(v.get("sum").get(i).asDouble()).as("sum in pixel %d", p).isCloseTo(integral[p], within(scale));
            assertThat(v.get("mean").get(i).asDouble()).isCloseTo(integral[p] / defined[p], within(scale));
        }
        for (int p = 0; p < width; p++) {
            if (defined[p] > 1e-9) {
                assertThat(v.get("px").toString()).contains(String.valueOf(p));
            }
        }
    }
}
