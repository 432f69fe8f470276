package dev.paje.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paje.CachePolicy;
import dev.paje.Corpus;
import dev.paje.TraceLoader;
import dev.paje.export.ParquetExport;
import dev.paje.export.parquet.ParquetOptions;
import dev.paje.testing.CorpusTests;
import dev.paje.testing.EventDefs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark converter in {@code local[2]} writes exactly the rows of {@code paje export -f parquet}
 * (same columns, same types, same rows with repeats), for every trace of the shared corpus, each cut
 * into several parts so that parts really are simulated apart.
 */
class SparkEqualsExportTest {
    @RegisterExtension
    static final LocalSpark SPARK = new LocalSpark("paje-spark-test", "spark.sql.adaptive.enabled", "false");

    @TempDir
    Path dir;

    @BeforeAll
    static void readSplitDoubles() {
        SparkStats.readsSplitDoubles(SPARK.session()); // the single-machine export's doubles are BYTE_STREAM_SPLIT
    }

    @TestFactory
    Stream<DynamicTest> sparkTablesEqualTheSingleMachineExport() throws IOException {
        List<Path> traces = Corpus.traces("valid");
        assertThat(traces).isNotEmpty();
        return CorpusTests.each(traces, t -> compare(t, 3));
    }

    @Test
    void aSmallTraceCutIntoOnePartPerContainerStillMatches() throws IOException {
        Path t = dir.resolve("small.trace");
        Files.writeString(t, SMALL, StandardCharsets.UTF_8);
        compare(t, 50);
    }

    @Test
    void aPartThatMissesAUserFieldIsWrittenWithEveryField() throws IOException {
        // p2's states come without File: its part is written again with the whole trace's fields
        Path t = dir.resolve("nofile.trace");
        Files.writeString(t, EventDefs.of(DEFS + "PajePushState 10 Time Type Container Value\n")
                + BODY.replace("6 0.3 S p2 Init b.c", "10 0.3 S p2 Init"), StandardCharsets.UTF_8);
        assertThat(Files.readString(t)).contains("10 0.3 S p2 Init\n");
        compare(t, 50);
    }

    @Test
    void aBadLineIsNamedWithItsByteOffset() throws IOException {
        Path t = dir.resolve("bad.trace");
        Files.writeString(t, SMALL.replace("6 0.5 S p1 Run", "6 0.5 S p1"), StandardCharsets.UTF_8);
        assertThatThrownBy(() -> new SparkConvert(SPARK.session(), SparkConvertOptions.defaults()).convert(t, dir.resolve("out")))
                .hasStackTraceContaining(t + ": byte ").hasStackTraceContaining("fields");
    }

    @Test
    void aSimulationProblemNamesTheTraceAndTheLine() throws IOException {
        Path t = dir.resolve("pop.trace");
        Files.writeString(t, SMALL.replace("8 0.9 S p1", "8 0.9 S p1\n8 0.95 S p1\n8 0.96 S p1"), StandardCharsets.UTF_8);
        assertThatThrownBy(() -> new SparkConvert(SPARK.session(), SparkConvertOptions.defaults()).convert(t, dir.resolve("out")))
                .hasStackTraceContaining(t.toString()).hasStackTraceContaining("empty stack")
                .hasStackTraceContaining("in the line: 8 0.95 S p1");
    }

    private void compare(Path trace, int parts) throws IOException {
        Path single = Files.createDirectories(dir.resolve("single-" + trace.getFileName()));
        TraceLoader.Loaded loaded = TraceLoader.builder().cache(CachePolicy.off()).build().load(trace);
        assertThat(loaded.valid()).as("the trace is valid: %s", loaded.problems()).isTrue();
        try (var t = loaded.trace()) {
            new ParquetExport(t, ParquetOptions.DEFAULT).write(single);
        }
        Path distributed = dir.resolve("spark-" + trace.getFileName());
        // a few splits per trace, so that lines of one container come from several splits
        long split = Math.max(4096, Files.size(trace) / 3);
        new SparkConvert(SPARK.session(), new SparkConvertOptions(parts, split, false)).convert(trace, distributed);
        for (String table : ParquetExport.FILES) {
            Dataset<Row> a = SPARK.session().read().parquet(single.resolve(table).toString());
            Dataset<Row> b = SPARK.session().read().parquet(distributed.resolve(table).toString());
            assertThat(b.schema().simpleString()).as("columns of %s", table).isEqualTo(a.schema().simpleString());
            try (Stream<Path> files = Files.list(distributed.resolve(table))) {
                for (Path part : files.toList()) { // each part file alone has every column (a reader may take any one's)
                    assertThat(SPARK.session().read().parquet(part.toString()).schema().simpleString())
                            .as("columns of %s", part).isEqualTo(a.schema().simpleString());
                }
            }
            // (the corpus's traces are small: rows compared as sorted lists, repeats included, in one job a side)
            assertThat(sorted(b)).as("rows of %s", table).containsExactlyElementsOf(sorted(a));
        }
    }

    private static List<String> sorted(Dataset<Row> rows) {
        return rows.collectAsList().stream().map(Row::toString).sorted().toList();
    }

    /** A small trace written for the tests (SMALL: DEFS as a header, then BODY): two processes, nested states, two links, a variable. */
    static final String DEFS = """
            PajeDefineContainerType 0 Alias Type Name
            PajeDefineStateType 1 Alias Type Name
            PajeCreateContainer 2 Time Alias Type Container Name
            PajeDefineLinkType 3 Alias Type StartContainerType EndContainerType Name
            PajeDefineVariableType 4 Alias Type Name
            PajeStartLink 5 Time Type Container StartContainer Value Key Size
            PajePushState 6 Time Type Container Value File
            PajeEndLink 7 Time Type Container EndContainer Value Key
            PajePopState 8 Time Type Container
            PajeSetVariable 9 Time Type Container Value:double
            """;
    static final String BODY = """
            0 P 0 Process
            1 S P State
            3 L 0 P P Message
            4 V P Load
            2 0 p1 P 0 "proc 1"
            2 0 p2 P 0 "proc 2"
            9 0.1 V p1 1.5
            6 0.2 S p1 Init a.c
            6 0.3 S p2 Init b.c
            5 0.4 L 0 p1 m k1 64
            6 0.5 S p1 Run x.c
            7 0.6 L 0 p2 m k1
            9 0.65 V p2 3
            8 0.7 S p1
            5 0.75 L 0 p2 m k2 8
            7 0.8 L 0 p1 m k2
            8 0.9 S p1
            9 0.95 V p1 2.5
            """;
    static final String SMALL = EventDefs.of(DEFS) + BODY;
}
