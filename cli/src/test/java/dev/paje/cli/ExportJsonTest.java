package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.paje.Corpus;
import dev.paje.TraceLoader;
import dev.paje.store.DisplayNames;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code paje export --format json}: the document parses, and per container its name, type,
 * lifetime, entity counts by kind, state durations and variable values equal the store's.
 */
class ExportJsonTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void exampleOnStandardOutput() throws IOException {
        CliRun.Result r = CliRun.run("export", "../examples/hello.trace", "--format", "json");
        assertThat(r.exit()).as("%s", r).isZero();
        JsonNode doc = JSON.readTree(r.out());
        assertThat(doc.get("types").get(4).get("name").asText()).isEqualTo("Thread State");
        assertThat(doc.get("types").get(4).get("values").get(0).get("color").asText()).isEqualTo("0.2 0.8 0.2");
        JsonNode main = doc.get("root").get("children").get(0).get("children").get(0).get("children").get(0);
        assertThat(main.get("name").asText()).isEqualTo("rank 0 / main");
        assertThat(main.get("states").get(1).toString()).isEqualTo("{\"type\":\"Thread State\",\"start\":0.5,\"end\":0.8,"
                + "\"duration\":0.30000000000000004,\"level\":1,\"value\":\"Reading file\",\"user\":{\"File\":\"main.c\",\"Line\":\"42\"}}");
        compare(Path.of("../examples/hello.trace"), doc);
    }

    @TestFactory
    Stream<DynamicTest> corpusAndOwnTraces() throws IOException {
        List<Path> traces = new ArrayList<>(List.of(Path.of("src/test/resources/export/edges.trace")));
        traces.addAll(Corpus.traces("valid"));
        return traces.stream().map(t -> DynamicTest.dynamicTest(t.getFileName().toString(), () -> {
            CliRun.Result r = CliRun.run("export", t.toString(), "-f", "json");
            assertThat(r.exit()).as("%s", r).isZero();
            compare(t, JSON.readTree(r.out()));
        }));
    }

    private static void compare(Path trace, JsonNode doc) throws IOException {
        Trace t = TraceLoader.builder().build().load(trace).trace();
        assertThat(doc.get("types").size()).isEqualTo(t.types().size());
        int values = 0;
        for (Type type : t.types()) {
            values += type.values().size();
        }
        int jsonValues = 0;
        for (JsonNode type : doc.get("types")) {
            jsonValues += type.has("values") ? type.get("values").size() : 0;
        }
        assertThat(jsonValues).as("values").isEqualTo(values);
        int[] seen = {0};
        container(t, t.root(), doc.get("root"), seen);
        assertThat(seen[0]).as("containers").isEqualTo(t.containers().size());
    }

    private static void container(Trace t, Container c, JsonNode node, int[] seen) {
        seen[0]++;
        assertThat(node.get("name").asText()).isEqualTo(DisplayNames.name(c.name()));
        assertThat(node.get("type").asText()).isEqualTo(DisplayNames.name(c.type().name()));
        assertThat(node.get("start").asDouble()).isEqualTo(c.start());
        assertThat(node.get("end").asDouble()).isEqualTo(c.end());
        int[] counts = new int[4];
        double stateTime = 0;
        double variableSum = 0;
        for (Type type : t.types()) {
            EntityTable table = c.table(type);
            if (table != null) {
                counts[type.kind().ordinal() - 1] += table.size();
            }
            if (table instanceof StateTable s) {
                for (int i = 0; i < s.size(); i++) {
                    stateTime += s.end(i) - s.start(i);
                }
            } else if (table instanceof VariableTable v) {
                for (int i = 0; i < v.size(); i++) {
                    variableSum += v.value(i);
                }
            }
        }
        String[] kinds = {"states", "events", "variables", "links"};
        double jsonStateTime = 0;
        double jsonVariableSum = 0;
        for (int k = 0; k < 4; k++) {
            JsonNode list = node.get(kinds[k]);
            assertThat(list == null ? 0 : list.size()).as("%s of %s", kinds[k], c.name()).isEqualTo(counts[k]);
            for (int i = 0; list != null && i < list.size(); i++) {
                if (k == 0) {
                    jsonStateTime += list.get(i).get("end").asDouble() - list.get(i).get("start").asDouble();
                } else if (k == 2) {
                    jsonVariableSum += list.get(i).get("value").asDouble();
                }
            }
        }
        assertThat(jsonStateTime).as("state time of %s", c.name()).isEqualTo(stateTime);
        assertThat(jsonVariableSum).as("variable sum of %s", c.name()).isEqualTo(variableSum);
        JsonNode children = node.get("children");
        assertThat(children == null ? 0 : children.size()).isEqualTo(c.children().size());
        for (int i = 0; i < c.children().size(); i++) {
            container(t, c.children().get(i), children.get(i), seen);
        }
    }
}
