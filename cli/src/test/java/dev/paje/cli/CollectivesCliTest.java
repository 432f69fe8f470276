package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.paje.Corpus;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code paje stats --collectives}: golden outputs on a hand-written trace (operations checked by hand:
 * see its comments), the selection options, the SimGrid SMPI ring of the corpus, and usage errors.
 */
class CollectivesCliTest {
    private static final String TRACE = "../core/src/test/resources/collective/collectives.trace";

    private static CliRun.Result ok(String... args) {
        CliRun.Result r = CliRun.run(args);
        assertThat(r.exit()).as("%s", r).isZero();
        assertThat(r.err()).as("%s", r).isEmpty();
        return r;
    }

    @Test
    void countsTheOperationsOfTheHandWrittenTrace() throws IOException {
        assertThat(ok("stats", "--collectives", TRACE).out().replace("../core/src/test/resources/collective/", ""))
                .isEqualTo(Golden.read("collectives.stats_collectives.txt"));
        assertThat(ok("stats", "--collectives", "-f", "csv", "--key-rule", "^([a-z]+_\\d+)_", "--tolerance", "0", TRACE).out())
                .isEqualTo(Golden.read("collectives.stats_collectives_csv_rule.txt"));
    }

    @Test
    void theWindowTypesAndContainersSelect() throws IOException {
        JsonNode all = new ObjectMapper().readTree(ok("stats", "--collectives", "-f", "json", TRACE).out());
        assertThat(all.get("operations").asInt()).isEqualTo(4);
        assertThat(all.get("tolerance").asDouble()).isEqualTo(0.001);
        JsonNode window = new ObjectMapper().readTree(ok("stats", "--collectives", "-f", "json", "-s", "1.3", "-e", "3", TRACE).out());
        assertThat(window.get("collectives").findValuesAsText("value")).containsExactly("bcast", "ring");
        JsonNode events = new ObjectMapper().readTree(ok("stats", "--collectives", "-f", "json", "-t", "Event", TRACE).out());
        assertThat(events.get("collectives").findValuesAsText("value")).containsExactly("sync");
        JsonNode k4 = new ObjectMapper().readTree(ok("stats", "--collectives", "-f", "json", "--min-containers", "5", TRACE).out());
        assertThat(k4.get("operations").asInt()).isZero();
        // proc4 takes part in every operation; the root only holds the links
        assertThat(new ObjectMapper().readTree(ok("stats", "--collectives", "-f", "json", "-c", "proc4", TRACE).out())
                .get("operations").asInt()).isEqualTo(4);
    }

    @Test
    void theSmpiRingOfTheCorpusHasFiftyStepsByKey() throws IOException {
        Path trace = Corpus.traces("valid").stream()
                .filter(p -> p.getFileName().toString().equals("simgrid-3.32-smpi-ring-16ranks-50it.trace")).findFirst().orElseThrow();
        JsonNode byKey = new ObjectMapper().readTree(ok("stats", "--collectives", "-f", "json",
                "--key-rule", "^\\d+_\\d+_(\\d+)_", trace.toString()).out());
        assertThat(byKey.get("operations").asInt()).isEqualTo(50);
        for (JsonNode r : byKey.get("collectives")) {
            assertThat(r.get("members").asInt()).isEqualTo(16);
            assertThat(r.get("maxContainers").asInt()).isEqualTo(16);
        }
        JsonNode byTime = new ObjectMapper().readTree(ok("stats", "--collectives", "-f", "json", trace.toString()).out());
        JsonNode ptp = byTime.get("collectives").get(0);
        assertThat(ptp.get("value").asText()).isEqualTo("PTP");
        // 800 messages, most of them sent by all ranks within a microsecond
        assertThat(ptp.get("members").asInt()).isBetween(400, 800);
        assertThat(byTime.get("tolerance").asDouble()).isEqualTo(1e-6);
    }

    @Test
    void wrongUsageIsExplained() {
        assertUsageError("go with --collectives", "--tolerance", "1");
        assertUsageError("--key-rule is not a regular expression", "--collectives", "--key-rule", "(");
        assertUsageError("--min-containers", "--collectives", "--min-containers", "1");
        assertUsageError("--group-by does not go with --collectives", "--collectives", "-g", "Process");
        CliRun.Result r = CliRun.run("stats", "--collectives", "-c", "nosuch", TRACE);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).doesNotContain("Exception");
    }

    /** {@code paje stats OPTIONS TRACE} is wrong usage (exit 2), explained by a message holding {@code says}. */
    private static void assertUsageError(String says, String... options) {
        List<String> args = new ArrayList<>(List.of("stats"));
        args.addAll(List.of(options));
        args.add(TRACE);
        CliRun.Result r = CliRun.run(args.toArray(String[]::new));
        assertThat(r.exit()).as("%s", r).isEqualTo(2);
        assertThat(r.err()).contains(says);
    }
}
