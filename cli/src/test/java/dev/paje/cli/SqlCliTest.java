package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.DisplayNames;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code paje sql}: the README's example queries (golden outputs, and one checked against the store),
 * the three formats, DuckDB's errors as one message with exit 2, and the prompt with its history.
 */
class SqlCliTest {
    private static final String HELLO = "../examples/hello.trace";

    @TempDir
    Path dir;

    /** The queries of the README's "Query a trace" examples, in order. */
    static List<String> readmeQueries() throws Exception {
        String readme = Files.readString(Path.of("../README.md"));
        Matcher m = Pattern.compile("(?m)^\\./paje sql examples/hello\\.trace \"([^\"]+)\"$").matcher(readme);
        List<String> out = new ArrayList<>();
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void readmeExamplesPrintTheirGoldenTables() throws Exception {
        List<String> queries = readmeQueries();
        assertThat(queries).as("README examples").hasSize(4);
        for (int i = 0; i < queries.size(); i++) {
            CliRun.Result r = CliRun.run("sql", HELLO, queries.get(i));
            assertThat(r.exit()).as("%s\n%s", queries.get(i), r).isZero();
            assertThat(r.out()).as(queries.get(i)).isEqualTo(Golden.read("hello.sql_readme_" + (i + 1) + ".txt"));
        }
    }

    @Test
    void timePerStateValueEqualsTheStoresSums() throws Exception {
        Map<String, Double> expected = new TreeMap<>();
        try (Trace t = TraceLoader.builder().build().load(Path.of(HELLO)).trace()) {
            for (Container c : t.containers()) {
                for (Type type : t.types()) {
                    if (type.kind() == TypeKind.STATE && c.table(type) != null) {
                        StateTable s = c.states(type);
                        for (int i = 0; i < s.size(); i++) {
                            expected.merge(DisplayNames.name(type.value(s.value(i)).name()), s.end(i) - s.start(i), Double::sum);
                        }
                    }
                }
            }
        }
        CliRun.Result r = CliRun.run("sql", HELLO, "-f", "csv",
                "SELECT value, sum(duration) AS seconds, count(*) AS n FROM states GROUP BY value ORDER BY value");
        assertThat(r.exit()).as("%s", r).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("value,seconds,n");
        Map<String, Double> actual = new TreeMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            actual.put(f[0], Double.parseDouble(f[1]));
        }
        assertThat(actual.keySet()).isEqualTo(expected.keySet());
        expected.forEach((k, v) -> assertThat(actual.get(k)).as(k).isCloseTo(v, org.assertj.core.data.Offset.offset(1e-12)));
    }

    @Test
    void csvAndJsonFormats() {
        String q = "SELECT name, depth, \"end\" FROM containers WHERE depth = 1";
        CliRun.Result csv = CliRun.run("sql", HELLO, "-f", "csv", q);
        assertThat(csv.exit()).as("%s", csv).isZero();
        assertThat(csv.out()).isEqualTo("name,depth,end\nnode-1,1,4\n");
        CliRun.Result json = CliRun.run("sql", HELLO, "--format", "JSON", q);
        assertThat(json.exit()).as("%s", json).isZero();
        assertThat(json.out()).isEqualTo("{\"columns\":[\"name\",\"depth\",\"end\"],\"data\":[\n[\"node-1\",1,4]\n]}\n");
        CliRun.Result empty = CliRun.run("sql", HELLO, "-f", "json", "SELECT name FROM containers WHERE false");
        assertThat(empty.out()).isEqualTo("{\"columns\":[\"name\"],\"data\":[]}\n");
        CliRun.Result nulls = CliRun.run("sql", HELLO, "-f", "json", "SELECT parent, 'a\"b' AS q FROM containers WHERE id = 0");
        assertThat(nulls.out()).isEqualTo("{\"columns\":[\"parent\",\"q\"],\"data\":[\n[null,\"a\\\"b\"]\n]}\n");
    }

    @Test
    void timerPrintsTheRunTimeOnStderrOnly() {
        CliRun.Result r = CliRun.run("sql", HELLO, "--timer", "-f", "csv", "SELECT 1 AS one");
        assertThat(r.exit()).as("%s", r).isZero();
        assertThat(r.err()).matches("Run Time: \\d+\\.\\d{3} s\\R");
        assertThat(r.out()).isEqualTo("one\n1\n");
    }

    @Test
    void tablesAreKeptNextToTheCacheAndRebuiltWithIt() throws Exception {
        Path trace = dir.resolve("t.trace");
        Files.copy(Path.of(HELLO), trace);
        String q = "SELECT count(*) AS n FROM states";
        CliRun.Result first = CliRun.run("sql", "--cache-min-size", "0", "-f", "csv", trace.toString(), q);
        assertThat(first.exit()).as("%s", first).isZero();
        assertThat(first.out()).isEqualTo("n\n10\n");
        List<Path> kept;
        try (var s = Files.list(dir)) {
            kept = s.filter(p -> p.getFileName().toString().endsWith(".pjcache.parquet")).toList();
        }
        assertThat(kept).as("the tables next to the cache").hasSize(1);
        Path states = kept.get(0).resolve("states.parquet");
        long made = Files.getLastModifiedTime(states).toMillis();
        Files.setLastModifiedTime(states, java.nio.file.attribute.FileTime.fromMillis(made - 60_000));
        CliRun.Result again = CliRun.run("sql", "--cache-min-size", "0", "-f", "csv", trace.toString(), q);
        assertThat(again.out()).isEqualTo("n\n10\n");
        assertThat(Files.getLastModifiedTime(states).toMillis()).as("reused, not written again").isEqualTo(made - 60_000);
        // a changed trace: its cache is rebuilt, and the tables with it
        String text = Files.readString(trace);
        Files.writeString(trace, text.replace("Running", "Runnin2"));
        CliRun.Result changed = CliRun.run("sql", "--cache-min-size", "0", "-f", "csv", trace.toString(),
                "SELECT count(*) AS n FROM states WHERE value = 'Runnin2'");
        assertThat(changed.exit()).as("%s", changed).isZero();
        assertThat(changed.out()).isEqualTo("n\n4\n");
        try (var s = Files.list(dir)) {
            assertThat(s.filter(p -> p.getFileName().toString().contains(".tmp-")).toList()).as("no temporary left").isEmpty();
        }
    }

    @Test
    void badSqlIsDuckDbsMessageWithExitTwo() {
        CliRun.Result syntax = CliRun.run("sql", HELLO, "SELEC 1");
        assertThat(syntax.exit()).as("%s", syntax).isEqualTo(2);
        assertThat(syntax.out()).isEmpty();
        assertThat(syntax.err()).startsWith("paje sql: Parser Error: syntax error at or near \"SELEC\"")
                .doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("\n\n");
        CliRun.Result table = CliRun.run("sql", HELLO, "SELECT * FROM nosuch");
        assertThat(table.exit()).as("%s", table).isEqualTo(2);
        assertThat(table.err()).startsWith("paje sql: Catalog Error: Table with name nosuch does not exist");
        CliRun.Result column = CliRun.run("sql", HELLO, "SELECT nosuch FROM states");
        assertThat(column.exit()).isEqualTo(2);
        assertThat(column.err()).startsWith("paje sql: Binder Error:").contains("nosuch");
    }

    @Test
    void usageAndInputErrors() throws Exception {
        CliRun.Result format = CliRun.run("sql", HELLO, "-f", "xml", "SELECT 1");
        assertThat(format.exit()).isEqualTo(2);
        assertThat(format.err()).contains("expected table, csv or json, found 'xml'");
        CliRun.Result missing = CliRun.run("sql", dir.resolve("nope.trace").toString(), "SELECT 1");
        assertThat(missing.exit()).isEqualTo(4);
        assertThat(missing.err()).contains("nope.trace: no such file");
        Path bad = dir.resolve("bad.trace");
        Files.writeString(bad, "%EventDef PajeDefineContainerType 1\n% Alias string\n%EndEventDef\n1 2 3 4\n");
        CliRun.Result invalid = CliRun.run("sql", bad.toString(), "SELECT 1");
        assertThat(invalid.exit()).as("%s", invalid).isEqualTo(1);
        assertThat(invalid.err()).contains("bad.trace:");
        CliRun.Result stdinPrompt = CliRun.run("sql", "-");
        assertThat(stdinPrompt.exit()).isEqualTo(2);
        assertThat(stdinPrompt.err()).contains("the prompt reads standard input");
    }

    private static CliRun.Result withStdin(String input, String... args) {
        InputStream old = System.in;
        System.setIn(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
        try {
            return CliRun.run(args);
        } finally {
            System.setIn(old);
        }
    }

    @Test
    void promptRunsStatementsKeepsHistoryAndRerunsEntries() throws Exception {
        Path history = dir.resolve("history");
        System.setProperty("paje.sql.history", history.toString());
        try {
            CliRun.Result r = withStdin("SELECT count(*) AS n\n  FROM containers;\n.format csv\nSELECT 7 AS x;\n.history\n!1\n.quit\nSELECT 8;\n",
                    "sql", HELLO);
            assertThat(r.exit()).as("%s", r).isZero();
            assertThat(r.out()).isEqualTo("""
                    n
                    -
                    8
                    (1 row)
                    x
                    7
                       1  SELECT count(*) AS n   FROM containers;
                       2  SELECT 7 AS x;
                    n
                    8
                    """);
            // a statement run again is remembered again, as shells do
            assertThat(Files.readString(history))
                    .isEqualTo("SELECT count(*) AS n\\n  FROM containers;\nSELECT 7 AS x;\nSELECT count(*) AS n\\n  FROM containers;\n");
            // a later session sees the history; a failed statement is reported, the others still run: exit 2
            CliRun.Result next = withStdin("!2\nSELEC 1;\n.bogus\nSELECT 9 AS y", "sql", HELLO, "-f", "csv");
            assertThat(next.exit()).as("%s", next).isEqualTo(2);
            assertThat(next.out()).isEqualTo("x\n7\ny\n9\n");
            assertThat(next.err()).contains("paje sql: Parser Error").contains("paje sql: unknown command '.bogus'");
        } finally {
            System.clearProperty("paje.sql.history");
        }
    }
}
