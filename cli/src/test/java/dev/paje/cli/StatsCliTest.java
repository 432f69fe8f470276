package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code paje stats} as users run it: golden outputs of the three formats on the bundled example and
 * on a small nested trace (figures checked by hand once, then kept), CSV and JSON well-formed, and
 * wrong usage answered with a clear message and exit code 2, never a stack trace.
 */
class StatsCliTest {
    private static final String HELLO = "../examples/hello.trace";
    private static final String NESTED = "src/test/resources/stats/nested.trace";

    private static DynamicTest goldenCase(String file, String... args) {
        return DynamicTest.dynamicTest(String.join(" ", args), () -> {
            CliRun.Result r = CliRun.run(args);
            assertThat(r.exit()).as("%s", r).isZero();
            assertThat(r.err()).as("%s", r).isEmpty();
            assertThat(r.out().replace("../examples/", "examples/")).isEqualTo(Golden.read(file));
        });
    }

    @TestFactory
    Stream<DynamicTest> eachFormatPrintsItsGoldenOutput() {
        return Stream.of(
                goldenCase("hello.stats.txt", "stats", HELLO),
                goldenCase("hello.stats_csv.txt", "stats", "-f", "csv", HELLO),
                goldenCase("hello.stats_json.txt", "stats", "--format", "json", HELLO),
                goldenCase("hello.stats_g_Process.txt", "stats", "--group-by", "Process", HELLO),
                goldenCase("hello.stats_window.txt", "stats", "-f", "csv", "-s", "1", "-e", "2.5", "-c", "/node-1/rank 0",
                        "--container", "rank 1 / main", "-t", "Thread State", "--type", "Memory (MB)", HELLO),
                goldenCase("nested.stats.txt", "stats", NESTED),
                goldenCase("nested.stats_csv.txt", "stats", "-f", "csv", NESTED),
                goldenCase("nested.stats_json_g_Machine.txt", "stats", "-f", "json", "-g", "Machine", NESTED));
    }

    @Test
    void csvRowsHaveEveryColumnAndQuoteCommasAndQuotes() {
        CliRun.Result r = CliRun.run("stats", "-f", "csv", NESTED);
        assertThat(r.exit()).as("%s", r).isZero();
        String[] lines = r.out().split("\n");
        assertThat(lines[0]).isEqualTo(StatsCsv.HEADER);
        for (String line : lines) {
            assertThat(parseCsv(line)).as(line).hasSize(15);
        }
        assertThat(r.out()).contains("\"/node-1/rank 0, main\",state,Thread State,\"Reading, file\",1,")
                .contains(",\"odd\"\"quote\",");
        assertThat(parseCsv("\"a, \"\"b\"\"\",c")).containsExactly("a, \"b\"", "c");
    }

    /** RFC 4180 fields of one line (no line breaks inside fields in these tests), read by the strict {@link CsvReader}. */
    private static List<String> parseCsv(String line) {
        return CsvReader.parse(line + "\n").get(0);
    }

    @Test
    void jsonAgreesWithCsv() throws IOException {
        JsonNode json = new ObjectMapper().readTree(CliRun.run("stats", "-f", "json", HELLO).out());
        double jsonTotal = 0;
        for (JsonNode s : json.get("subjects")) {
            for (JsonNode st : s.get("states")) {
                for (JsonNode v : st.get("values")) {
                    jsonTotal += v.get("time").asDouble();
                }
            }
        }
        double csvTotal = 0;
        for (String line : CliRun.run("stats", "-f", "csv", HELLO).out().split("\n")) {
            List<String> f = parseCsv(line);
            if (f.get(1).equals("state") && f.get(4).equals("all")) {
                csvTotal += Double.parseDouble(f.get(6));
            }
        }
        assertThat(jsonTotal).isPositive().isEqualTo(csvTotal);
        assertThat(json.get("start").asDouble()).isZero();
        assertThat(json.get("end").asDouble()).isEqualTo(4.0);
    }

    @Test
    void wrongUsageSaysWhyAndExitsWithTwo() {
        expectUsageError(List.of("stats", "-c", "/node-1/rank0", HELLO), "no container has the path '/node-1/rank0'",
                "did you mean", "'/node-1/rank 0'");
        expectUsageError(List.of("stats", "-c", "rank", HELLO), "no container is named 'rank'", "'rank 0'");
        expectUsageError(List.of("stats", "-t", "State", HELLO), "no entity type is named 'State'", "'Thread State'");
        expectUsageError(List.of("stats", "-t", "Thread", HELLO), "'Thread' is a container type", "--group-by");
        expectUsageError(List.of("stats", "-g", "Thred", HELLO), "no container type is named 'Thred'", "'Thread'");
        expectUsageError(List.of("stats", "-g", "Marker", HELLO), "'Marker' is an event type");
        expectUsageError(List.of("stats", "-s", "3", "-e", "2", HELLO), "empty window", "--start 3.0 is after --end 2.0");
        expectUsageError(List.of("stats", "-f", "xml", HELLO), "--format", "table, csv, json");
        expectUsageError(List.of("stats", "-s", "soon", HELLO), "--start", "'soon'");
    }

    private static void expectUsageError(List<String> args, String... words) {
        CliRun.Result r = CliRun.run(args.toArray(String[]::new));
        assertThat(r.exit()).as("%s\n%s", args, r).isEqualTo(2);
        assertThat(r.out()).as("%s\n%s", args, r).isEmpty();
        assertThat(r.err()).as("%s\n%s", args, r).contains(words).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void missingOrBadTraceExitsWithOne(@TempDir Path dir) throws IOException {
        CliRun.Result missing = CliRun.run("stats", dir.resolve("none.trace").toString());
        assertThat(missing.exit()).as("%s", missing).isEqualTo(4);
        assertThat(missing.err()).contains("no such file");
        Path bad = dir.resolve("bad.trace");
        Files.writeString(bad, Files.readString(Path.of(HELLO)).replace("13 1.1 t11 E checkpoint", "13 1.1 t99 E checkpoint"));
        CliRun.Result r = CliRun.run("stats", bad.toString());
        assertThat(r.exit()).as("%s", r).isEqualTo(1);
        assertThat(r.err()).contains(bad + ":").contains("t99").doesNotContain("Exception");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void helpDocumentsTheOptionsAndTheCsvColumns() {
        CliRun.Result top = CliRun.run("--help");
        assertThat(top.out()).contains("stats");
        CliRun.Result r = CliRun.run("stats", "--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("--start", "--end", "--container", "--type", "--group-by", "--format", "--cache-dir",
                "innermost");
        for (String column : StatsCsv.HEADER.split(",")) {
            assertThat(r.out()).as("--help documents CSV column %s", column).contains(column);
        }
    }
}
