package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.testing.TestResources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dump}, {@code dump -i}, {@code dump-csv} and {@code equals} against the outputs of PajeNG's
 * pj_dump, pj_dump_csv and pj_equals (built from its current source, commit e8d14fc) on a trace we
 * wrote for it, {@code pajeng/nesting.trace}: states ended by pops, a set, a reset and a destroy,
 * zero-length states, links completed in another order than they began. The golden files and the
 * answers below are PajeNG's; when its tools are installed ({@link PajeNg}) they are also run.
 */
class PajeNgGoldenTest {
    private static final String TRACE = "nesting.trace";

    @TempDir
    Path dir;

    private Path trace() throws IOException {
        Path p = dir.resolve(TRACE);
        if (!Files.exists(p)) {
            Files.writeString(p, resource(TRACE));
        }
        return p;
    }

    private static String resource(String name) throws IOException {
        return TestResources.text("/pajeng/" + name);
    }

    @Test
    void dumpIsPjDumpsTextWithLinksInCompletionOrder() throws IOException {
        CliRun.Result r = CliRun.run("dump", trace().toString());
        assertThat(r.exit()).as("%s", r).isZero();
        assertThat(r.out()).isEqualTo(resource("nesting.pj_dump"));
        // k2 ends first, so pj_dump lists it before k1, which started first
        assertThat(r.out().indexOf(", k2\n")).isLessThan(r.out().indexOf(", k1\n"));
    }

    @Test
    void theCompletionOrderIsKeptInTheCache() throws IOException {
        Path cacheDir = Files.createDirectories(dir.resolve("cache"));
        String[] args = {"dump", "--cache-min-size", "0", "--cache-dir", cacheDir.toString(), trace().toString()};
        CliRun.Result first = CliRun.run(args); // writes the cache
        try (Stream<Path> files = Files.list(cacheDir)) {
            assertThat(files.count()).as("a cache was written").isPositive();
        }
        CliRun.Result second = CliRun.run(args); // reads it back
        assertThat(first.out()).isEqualTo(resource("nesting.pj_dump"));
        assertThat(second.out()).isEqualTo(resource("nesting.pj_dump"));
    }

    @Test
    void noImbricationIsPjDumpI() throws IOException {
        CliRun.Result r = CliRun.run("dump", "-i", trace().toString());
        assertThat(r.exit()).as("%s", r).isZero();
        assertThat(r.out()).isEqualTo(resource("nesting.pj_dump_i"));
        // push and pop become sets: Alpha comes back after Beta as a new line of its own
        assertThat(r.out()).contains("\"proc 1\", \"Task State\", 2.000000, 2.000000, 0.000000, 0.000000, Alpha\n");
    }

    @TestFactory
    Stream<DynamicTest> dumpCsvWritesPjDumpCsvsFiles() {
        return Stream.of("", "-i").map(flag -> DynamicTest.dynamicTest("dump-csv " + flag, () -> {
            String prefix = flag.isEmpty() ? "nesting" : "nesting.i";
            List<String> args = new ArrayList<>(List.of("dump-csv", "--prefix", dir.resolve(prefix).toString()));
            if (!flag.isEmpty()) {
                args.add(flag);
            }
            args.add(trace().toString());
            CliRun.Result r = CliRun.run(args.toArray(String[]::new));
            assertThat(r.exit()).as("%s", r).isZero();
            assertThat(r.out()).isEmpty();
            for (String kind : List.of("container", "state", "variable", "event", "link")) {
                String name = prefix + "." + kind + ".csv";
                assertThat(Files.readString(dir.resolve(name))).as(name).isEqualTo(resource(name));
            }
            try (Stream<Path> files = Files.list(dir)) {
                assertThat(files.filter(p -> p.getFileName().toString().startsWith("."))).as("no temporary left").isEmpty();
            }
        }));
    }

    /** Variants of the trace: what changes, and pj_equals' answers to 'pj_equals nesting.trace VARIANT [flags]'. */
    private static final Map<String, UnaryOperator<String>> VARIANTS = Map.of(
            "value", t -> t.replace("11 5 p1 S b\n", "11 5 p1 S c\n"),
            "case", t -> t.replace("5 b S Beta", "5 B S Beta").replaceAll("(?m)^(11 \\S+ p\\d S) b$", "$1 B"),
            "dropped", t -> t.replace("11 7.5 p2 S b\n12 7.5 p2 S\n", ""),
            "later", t -> t.replace("11 0.5 p2 S b\n", "11 0.6 p2 S b\n"),
            "link", t -> t.replace("16 0.8 0 L p2 m k4", "16 0.8 0 L p2 n k4").replace("17 3.5 0 L p1 m k4", "17 3.5 0 L p1 n k4"),
            "name", t -> t.replace("6 0 p2 P 0 \"proc 2\"", "6 0 p2 P 0 \"proc two\""));

    /** VARIANT, flags, PajeNG's answer (checked with its pj_equals). */
    private static final String[][] ANSWERS = {
        {"value", "", "0"}, {"value", "-i", "0"}, {"value", "-e 7 -d 7", "0"},
        {"case", "", "0"}, {"case", "-i", "1"}, {"case", "-s 1 -e 5 -t 1 -d 5", "0"},
        {"dropped", "", "0"}, {"dropped", "-i", "0"}, {"dropped", "-e 7 -d 7", "1"}, {"dropped", "-s 1 -e 5 -t 1 -d 5", "1"},
        {"dropped", "-s 0.6 -t 0.6", "0"},
        {"later", "", "1"}, {"later", "-s 1 -e 5 -t 1 -d 5", "1"}, {"later", "-s 0.6 -t 0.6", "0"},
        {"link", "", "0"}, {"link", "-s 1 -e 5 -t 1 -d 5", "0"},
        {"name", "", "1"}, {"name", "-s 0.6 -t 0.6", "1"},
    };

    @TestFactory
    Stream<DynamicTest> equalsAnswersAsPjEquals() {
        Path pjEquals = PajeNg.tool("pj_equals");
        boolean live = pjEquals != null && PajeNg.current(pjEquals);
        return Stream.of(ANSWERS).map(c -> DynamicTest.dynamicTest(c[0] + " " + c[1], () -> {
            Path variant = dir.resolve(c[0] + ".trace");
            Files.writeString(variant, VARIANTS.get(c[0]).apply(resource(TRACE)));
            assertThat(Files.readString(variant)).as("the variant changes the trace").isNotEqualTo(resource(TRACE));
            List<String> args = new ArrayList<>(List.of(trace().toString(), variant.toString()));
            if (!c[1].isEmpty()) {
                args.addAll(List.of(c[1].split(" ")));
            }
            List<String> command = new ArrayList<>(List.of("equals"));
            command.addAll(args);
            CliRun.Result r = CliRun.run(command.toArray(String[]::new));
            assertThat(r.exit()).as("%s", r).isZero();
            assertThat(r.out()).isEqualTo(c[2] + "\n");
            if (live) {
                List<String> pj = new ArrayList<>(List.of(pjEquals.toString()));
                pj.addAll(args);
                assertThat(PajeNg.run(pj)).as("pj_equals itself").isEqualTo(r.out());
            }
        }));
    }

    @Test
    void diffListsTheFirstDifferencesInWalkOrder() throws IOException {
        Path variant = Files.writeString(dir.resolve("case.trace"), VARIANTS.get("case").apply(resource(TRACE)));
        CliRun.Result r = CliRun.run("equals", trace().toString(), variant.toString(), "--diff");
        assertThat(r.exit()).as("%s", r).isZero();
        assertThat(r.out()).isEqualTo("""
                0
                container "proc 2": "Task State": 2nd state is 'b' in the first trace, 'B' in the second
                container "proc 1": "Task State": 2nd state is 'b' in the first trace, 'B' in the second
                """);
        CliRun.Result one = CliRun.run("equals", trace().toString(), variant.toString(), "--diff", "1");
        assertThat(one.out()).isEqualTo("""
                0
                container "proc 2": "Task State": 2nd state is 'b' in the first trace, 'B' in the second
                """);
        Path dropped = Files.writeString(dir.resolve("dropped.trace"), VARIANTS.get("dropped").apply(resource(TRACE)));
        assertThat(CliRun.run("equals", trace().toString(), dropped.toString(), "--diff").out())
                .isEqualTo("0\ncontainer \"proc 2\": \"Task State\": 5 states in the first trace, 4 in the second\n");
        assertThat(CliRun.run("equals", trace().toString(), trace().toString(), "--diff").out()).isEqualTo("1\n");
    }

    @Test
    void dumpCsvRefusesToOverwriteItsInputAndSaysWhereItCannotWrite() throws IOException {
        Path t = trace();
        Path asInput = Files.copy(t, dir.resolve("x.state.csv"));
        CliRun.Result same = CliRun.run("dump-csv", "--prefix", dir.resolve("x").toString(), asInput.toString());
        assertThat(same.exit()).isEqualTo(2);
        assertThat(same.err()).contains("x.state.csv");
        assertThat(Files.readString(asInput)).isEqualTo(Files.readString(t));
        CliRun.Result noDir = CliRun.run("dump-csv", "--prefix", dir.resolve("missing/out").toString(), t.toString());
        assertThat(noDir.exit()).isEqualTo(4);
        assertThat(noDir.err()).contains("no such directory").doesNotContain("Exception");
        CliRun.Result noPrefix = CliRun.run("dump-csv", t.toString());
        assertThat(noPrefix.exit()).isEqualTo(2);
        assertThat(noPrefix.err()).contains("--prefix");
    }

    @Test
    void dumpCsvOnABadTraceWritesNothingAndNamesTheLine() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.trace"), resource(TRACE).replace("12 4 p1 S\n", "12 4 p1 S\n12 4.1 p1 S\n12 4.2 p1 S\n"));
        CliRun.Result r = CliRun.run("dump-csv", "--prefix", dir.resolve("bad").toString(), bad.toString());
        assertThat(r.exit()).as("%s", r).isEqualTo(1);
        assertThat(r.err()).contains(bad + ":");
        assertThat(dir.resolve("bad.state.csv")).doesNotExist();
    }

    @Test
    void pjDumpCsvItselfWritesTheGoldenFiles() throws Exception {
        Path tool = PajeNg.tool("pj_dump_csv");
        Assumptions.assumeTrue(tool != null, "pj_dump_csv is not installed (PajeNG's current source; set PAJENG_BIN): skipped");
        PajeNg.run(List.of(tool.toString(), "-i", "--prefix", dir.resolve("nesting.i").toString(), trace().toString()));
        for (String kind : List.of("container", "state", "variable", "event", "link")) {
            String name = "nesting.i." + kind + ".csv";
            assertThat(Files.readString(dir.resolve(name))).as(name).isEqualTo(resource(name));
        }
    }
}
