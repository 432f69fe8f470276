package dev.paje.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code paje spark convert|stats} as users run it: exit codes, outputs, one-line errors. */
class SparkMainTest {
    @RegisterExtension
    static final LocalSpark SPARK = new LocalSpark("paje-spark-cli-test");

    @TempDir
    Path dir;

    private Path small() throws IOException {
        Path t = dir.resolve("small.trace");
        Files.writeString(t, SparkEqualsExportTest.SMALL, StandardCharsets.UTF_8);
        return t;
    }

    @Test
    void convertThenStatsGivesEachContainersFigures() throws IOException {
        Path out = dir.resolve("tables");
        SparkRun.Result c = SparkRun.run("convert", small().toString(), "-o", out.toString(), "--parts", "2");
        assertThat(c.exit()).as(c.toString()).isZero();
        assertThat(out.resolve("states.parquet")).isDirectory();
        assertThat(SPARK.session().read().parquet(out.resolve("states.parquet").toString()).count()).isEqualTo(3);

        SparkRun.Result s = SparkRun.run("stats", out.toString());
        assertThat(s.exit()).as(s.toString()).isZero();
        // p1: Init 0.2..0.9 holding Run 0.5..0.7; p2: Init from 0.3, still open at the trace's end (0.95)
        assertThat(s.out()).contains("# states\ncontainer_id,container,type,value,count,time\n")
                .contains("# links\ncontainer_id,container,type,value,held,sent,received\n0,/,Message,m,2,0,0\n")
                .contains("1,/proc 1,Message,m,0,1,1\n2,/proc 2,Message,m,0,1,1\n")
                .contains("# variables\ncontainer_id,container,type,time,min,max,mean,integral\n");
        assertThat(last(s.out(), "1,/proc 1,State,Init,1,")).isCloseTo(0.7, within(1e-12));
        assertThat(last(s.out(), "1,/proc 1,State,Run,1,")).isCloseTo(0.2, within(1e-12));
        assertThat(last(s.out(), "2,/proc 2,State,Init,1,")).isCloseTo(0.65, within(1e-12));
        // p1's Load: 1.5 from 0.1 to 0.95 (the step set at 0.95 lasts no time)
        assertThat(last(s.out(), "1,/proc 1,Load,0.85,1.5,1.5,1.5,")).isCloseTo(1.275, within(1e-12));
    }

    /** The last field of the output line starting with {@code prefix}. */
    private static double last(String out, String prefix) {
        String line = out.lines().filter(l -> l.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no line " + prefix + " in\n" + out));
        return Double.parseDouble(line.substring(line.lastIndexOf(',') + 1));
    }

    @Test
    void aBadTraceIsOneLineWithItsByteOffsetAndExit1() throws IOException {
        Path t = dir.resolve("bad.trace");
        Files.writeString(t, SparkEqualsExportTest.SMALL.replace("6 0.5 S p1 Run x.c", "6 0.5 S p1"),
                StandardCharsets.UTF_8);
        SparkRun.Result r = SparkRun.run("convert", t.toString(), "-o", dir.resolve("out").toString());
        assertThat(r.exit()).as(r.toString()).isEqualTo(1);
        assertOneErrorLine(r, "paje spark: " + t + ": byte ");
    }

    @Test
    void aMissingTraceIsAnIoErrorExit4() {
        Path t = dir.resolve("nothing.trace");
        SparkRun.Result r = SparkRun.run("convert", t.toString(), "-o", dir.resolve("out").toString());
        assertThat(r.exit()).as(r.toString()).isEqualTo(4);
        assertOneErrorLine(r, "paje spark: " + t + ": no such file or directory");
    }

    /** The help prose comes from help.properties (picocli's resource bundle): each command shows its own. */
    @Test
    void eachCommandsHelpHasItsDescriptionAndExample() {
        assertThat(SparkRun.run("--help").out()).contains("Pajé traces on Apache Spark: Parquet tables");
        assertThat(SparkRun.run("convert", "--help").out()).contains("Writes a trace as paje's Parquet tables",
                "Example:", "./paje spark convert big.trace -o big-tables");
        assertThat(SparkRun.run("stats", "--help").out()).contains("The figures of `paje stats`",
                "Example:", "./paje spark stats big-tables");
    }

    @Test
    void usageErrorsExit2() throws IOException {
        Path t = small();
        SparkRun.Result noOutput = SparkRun.run("convert", t.toString());
        assertThat(noOutput.exit()).as(noOutput.toString()).isEqualTo(2);
        assertThat(noOutput.err()).contains("Missing required option: '--output=OUT'");

        Path file = Files.writeString(dir.resolve("a-file"), "x");
        SparkRun.Result intoAFile = SparkRun.run("convert", t.toString(), "-o", file.toString());
        assertThat(intoAFile.exit()).as(intoAFile.toString()).isEqualTo(2);
        assertOneErrorLine(intoAFile, "paje spark: " + file + ": the output exists and is not a directory");

        SparkRun.Result noTables = SparkRun.run("stats", dir.toString());
        assertThat(noTables.exit()).as(noTables.toString()).isEqualTo(2);
        assertOneErrorLine(noTables, "paje spark: " + dir + ": not a directory of paje's Parquet tables");

        SparkRun.Result noCommand = SparkRun.run();
        assertThat(noCommand.exit()).isEqualTo(2);
        assertThat(noCommand.err()).contains("a command is needed");
    }

    @Test
    void aDirectoryOfTracesGivesOneFolderPerTrace() throws IOException {
        Path in = Files.createDirectories(dir.resolve("in"));
        Files.writeString(in.resolve("a.trace"), SparkEqualsExportTest.SMALL, StandardCharsets.UTF_8);
        Files.writeString(in.resolve("b.trace"), SparkEqualsExportTest.SMALL.replace("9 0.95 V p1 2.5\n", ""),
                StandardCharsets.UTF_8);
        Path out = dir.resolve("out");
        SparkRun.Result r = SparkRun.run("convert", in.toString(), "-o", out.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(SPARK.session().read().parquet(out.resolve("a/variables.parquet").toString()).count()).isEqualTo(3);
        assertThat(SPARK.session().read().parquet(out.resolve("b/variables.parquet").toString()).count()).isEqualTo(2);
    }

    /** The error is one line starting with {@code prefix}, with no stack trace. */
    private static void assertOneErrorLine(SparkRun.Result r, String prefix) {
        List<String> ours = r.err().lines().filter(l -> l.startsWith("paje spark:")).toList();
        assertThat(ours).as(r.toString()).hasSize(1);
        assertThat(ours.get(0)).startsWith(prefix);
        assertThat(r.err()).as(r.toString()).doesNotContain("\tat ").doesNotContain("Exception");
    }
}
