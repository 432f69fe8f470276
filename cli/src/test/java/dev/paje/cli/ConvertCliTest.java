package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.Corpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** {@code paje convert} on Pajé input: the written trace dumps exactly as the original; bad input and unsafe outputs refused. */
class ConvertCliTest {
    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> aConvertedPajeTraceDumpsAsTheOriginal() throws IOException {
        return Corpus.traces("valid").stream().map(t -> DynamicTest.dynamicTest(t.getFileName().toString(), () -> {
            Path out = dir.resolve(t.getFileName());
            CliRun.Result r = CliRun.run("convert", t.toString(), "-o", out.toString());
            assertThat(r.exit()).as(r.toString()).isZero();
            CliRun.Result original = CliRun.run("dump", "--exact-values", t.toString());
            CliRun.Result converted = CliRun.run("dump", "--exact-values", out.toString());
            assertThat(converted.exit()).as(converted.toString()).isZero();
            assertThat(converted.out()).isEqualTo(original.out());
        }));
    }

    @Test
    void writesToStandardOutputByDefault() {
        CliRun.Result r = CliRun.run("convert", "../examples/hello.trace");
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).contains("%EventDef PajeCreateContainer", "PajePushState");
    }

    @Test
    void anInvalidTraceIsExitOneAndNothingWritten() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.trace"), "%EventDef PajeDefineContainerType 0\n% Alias string\n"
                + "% Type string\n% Name string\n%EndEventDef\n0 P 1 Process\n");
        Path out = dir.resolve("out.trace");
        CliRun.Result r = CliRun.run("convert", bad.toString(), "-o", out.toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains(bad.toString() + ":6:");
        assertThat(out).doesNotExist();
    }

    @Test
    void theInputIsNeverTheOutput() {
        CliRun.Result r = CliRun.run("convert", "../examples/hello.trace", "-o", "../examples/hello.trace");
        assertThat(r.exit()).isEqualTo(2);
    }

    @Test
    void aMissingInputIsExitFour() {
        CliRun.Result r = CliRun.run("convert", dir.resolve("nope.otf2").toString(), "-o", dir.resolve("x").toString());
        assertThat(r.exit()).isEqualTo(4);
        assertThat(r.err()).contains("no such file");
    }
}
