package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.paje.Corpus;
import dev.paje.TraceLoader;
import dev.paje.store.DisplayNames;
import dev.paje.store.Container;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code paje export --format chrome}, checked against the Trace Event Format's rules (fields of
 * each phase, named processes and threads, paired flows, properly nested complete events per
 * thread) and against the store: per thread, total state time per value; counts of the rest.
 */
class ExportChromeTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> corpusAndOwnTraces() throws IOException {
        List<Path> traces = new ArrayList<>(List.of(Path.of("../examples/hello.trace"),
                Path.of("src/test/resources/export/edges.trace")));
        traces.addAll(Corpus.traces("valid"));
        return traces.stream().map(t -> DynamicTest.dynamicTest(t.getFileName().toString(), () -> check(t)));
    }

    private void check(Path trace) throws IOException {
        Path out = dir.resolve(trace.getFileName() + ".json");
        CliRun.Result r = CliRun.run("export", trace.toString(), "-f", "chrome", "-o", out.toString());
        assertThat(r.exit()).as("%s", r).isZero();
        JsonNode events = JSON.readTree(out.toFile()).get("traceEvents");
        assertThat(events.isArray()).isTrue();
        Set<Integer> processes = new HashSet<>();
        Map<String, String> threads = new HashMap<>();
        Map<String, List<BigDecimal[]>> slices = new HashMap<>();
        Map<String, BigDecimal> stateTime = new HashMap<>();
        Map<Long, JsonNode> flowStarts = new HashMap<>();
        Set<String> used = new HashSet<>();
        Set<Integer> usedPids = new HashSet<>();
        int instants = 0;
        int counters = 0;
        int flows = 0;
        for (JsonNode e : events) {
            String ph = e.get("ph").asText();
            assertThat(e.get("pid").isInt()).as("pid of %s", e).isTrue();
            int pid = e.get("pid").asInt();
            if (ph.equals("M")) {
                String name = e.get("name").asText();
                if (name.equals("process_name")) {
                    processes.add(pid);
                } else if (name.equals("thread_name")) {
                    threads.put(pid + "/" + e.get("tid").asInt(), e.get("args").get("name").asText());
                }
                continue;
            }
            assertThat(e.get("ts").isNumber()).as("ts of %s", e).isTrue();
            assertThat(e.hasNonNull("name")).as("name of %s", e).isTrue();
            BigDecimal ts = e.get("ts").decimalValue();
            String thread = pid + "/" + (e.has("tid") ? e.get("tid").asInt() : -1);
            switch (ph) {
                case "X" -> {
                    assertThat(e.get("tid").isInt()).as("tid of %s", e).isTrue();
                    BigDecimal dur = e.get("dur").decimalValue();
                    assertThat(dur.signum()).as("dur of %s", e).isGreaterThanOrEqualTo(0);
                    slices.computeIfAbsent(thread, k -> new ArrayList<>()).add(new BigDecimal[] {ts, ts.add(dur)});
                    stateTime.merge(thread + "|" + e.get("name").asText(), dur, BigDecimal::add);
                    used.add(thread);
                }
                case "i" -> {
                    assertThat(e.get("s").asText()).isIn("t", "p", "g");
                    instants++;
                    used.add(thread);
                }
                case "C" -> {
                    assertThat(e.get("args").size()).as("counter values of %s", e).isPositive();
                    e.get("args").forEach(v -> assertThat(v.isNumber()).as("counter %s", e).isTrue());
                    counters++;
                }
                case "s" -> {
                    assertThat(flowStarts.put(e.get("id").asLong(), e)).as("flow id used twice: %s", e).isNull();
                    used.add(thread);
                }
                case "f" -> {
                    JsonNode s = flowStarts.remove(e.get("id").asLong());
                    assertThat(s).as("flow end before or without its start: %s", e).isNotNull();
                    assertThat(e.get("bp").asText()).isEqualTo("e");
                    assertThat(e.get("name")).isEqualTo(s.get("name"));
                    assertThat(e.get("cat")).isEqualTo(s.get("cat"));
                    assertThat(ts).isGreaterThanOrEqualTo(s.get("ts").decimalValue());
                    flows++;
                    used.add(thread);
                }
                default -> throw new AssertionError("unexpected phase " + ph + " in " + e);
            }
            usedPids.add(pid);
        }
        assertThat(processes).as("every process used is named").containsAll(usedPids);
        assertThat(flowStarts).as("flows without their end").isEmpty();
        assertThat(threads.keySet()).as("every thread used is named").containsAll(used);
        slices.forEach((thread, list) -> nested(thread, list));

        // the figures: per thread (named after its container), total time of each state value
        Trace t = TraceLoader.builder().build().load(trace).trace();
        Map<String, BigDecimal> byName = new HashMap<>();
        stateTime.forEach((k, v) -> byName.merge(threads.get(k.substring(0, k.indexOf('|'))) + k.substring(k.indexOf('|')),
                v, BigDecimal::add));
        Map<String, double[]> expected = new HashMap<>();
        int eventRows = 0;
        int variables = 0;
        int links = 0;
        for (Container c : t.containers()) {
            boolean first = true;
            for (Type type : t.types()) {
                Object table = c.table(type);
                if (table instanceof StateTable s && s.size() > 0) {
                    String thread = DisplayNames.name(c.name()) + (first ? "" : " (" + DisplayNames.name(type.name()) + ")");
                    first = false;
                    for (int i = 0; i < s.size(); i++) {
                        double[] sum = expected.computeIfAbsent(thread + "|" + DisplayNames.name(type.value(s.value(i)).name()),
                                k -> new double[2]);
                        sum[0] += (s.end(i) - s.start(i)) * 1e6;
                        sum[1]++;
                    }
                } else if (table instanceof EventTable e) {
                    eventRows += e.size();
                } else if (table instanceof VariableTable v) {
                    variables += v.size();
                } else if (table instanceof LinkTable l) {
                    links += l.completeCount();
                }
            }
        }
        assertThat(byName.keySet()).isEqualTo(expected.keySet());
        expected.forEach((k, sum) -> assertThat(byName.get(k).doubleValue()).as("state time of %s (us)", k)
                .isCloseTo(sum[0], org.assertj.core.data.Offset.offset(sum[1] * 1e-3 + Math.abs(sum[0]) * 1e-12)));
        assertThat(instants).as("events").isEqualTo(eventRows);
        assertThat(counters).as("variable steps").isEqualTo(variables);
        assertThat(flows).as("links").isEqualTo(links);
    }

    /** Complete events of one thread nest: each one ends before the next starts, or contains it. */
    private static void nested(String thread, List<BigDecimal[]> list) {
        list.sort((a, b) -> a[0].compareTo(b[0]) != 0 ? a[0].compareTo(b[0]) : b[1].compareTo(a[1]));
        Deque<BigDecimal[]> open = new ArrayDeque<>();
        for (BigDecimal[] x : list) {
            while (!open.isEmpty() && open.peek()[1].compareTo(x[0]) <= 0 && !(open.peek()[1].compareTo(x[1]) >= 0)) {
                open.pop();
            }
            if (!open.isEmpty()) {
                assertThat(x[1]).as("thread %s: [%s, %s] must fit in [%s, %s]", thread, x[0], x[1], open.peek()[0],
                        open.peek()[1]).isLessThanOrEqualTo(open.peek()[1]);
            }
            open.push(x);
        }
    }
}
