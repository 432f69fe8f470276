package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Times with units on the command line: {@code -s 5ms}, {@code --start 1.5s}, {@code 2us}; plain numbers are seconds. */
class TimesTest {
    private static final String HELLO = "../examples/hello.trace";

    @TempDir
    Path dir;

    @Test
    void unitsScaleToSeconds() {
        assertThat(Times.parse("1.5")).isEqualTo(1.5);
        assertThat(Times.parse("1.5s")).isEqualTo(1.5);
        assertThat(Times.parse("20ms")).isEqualTo(0.02);
        assertThat(Times.parse("5 ms")).isEqualTo(0.005);
        assertThat(Times.parse("2us")).isEqualTo(2e-6);
        assertThat(Times.parse("2µs")).isEqualTo(2e-6);
        assertThat(Times.parse("300ns")).isEqualTo(3e-7);
        assertThat(Times.parse("1.5min")).isEqualTo(90.0);
        assertThat(Times.parse("2h")).isEqualTo(7200.0);
        assertThat(Times.parse("-1e-3")).isEqualTo(-0.001);
        assertThat(Times.parse("1e3ms")).isEqualTo(1.0);
    }

    @Test
    void badTimesSayWhatWasExpected() {
        for (String bad : new String[] {"", "ms", "5xs", "1.2.3", "five", "5 m", "NaN", "1e400"}) {
            assertThatThrownBy(() -> Times.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("expected").hasMessageContaining("found '" + bad + "'");
        }
    }

    @Test
    void cutTakesUnitsAndCutsTheSameAsInSeconds() throws IOException {
        Path seconds = dir.resolve("s.trace");
        Path units = dir.resolve("u.trace");
        assertThat(CliRun.run("cut", HELLO, "-s", "0.5", "-e", "2.25", "-o", seconds.toString()).exit()).isZero();
        CliRun.Result r = CliRun.run("cut", HELLO, "--start", "500ms", "--end", "2250000us", "-o", units.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(Files.readString(units)).isEqualTo(Files.readString(seconds));
    }

    @Test
    void statsAndRenderTakeUnits() {
        assertThat(CliRun.run("stats", HELLO, "-s", "1s", "-e", "2000ms").out())
                .isEqualTo(CliRun.run("stats", HELLO, "-s", "1", "-e", "2").out());
        CliRun.Result r = CliRun.run("render", HELLO, "-s", "0.5min", "-e", "1h", "-o", dir.resolve("p.svg").toString());
        assertThat(r.exit()).as(r.err()).isZero();
    }

    @Test
    void aBadTimeIsAUsageErrorNamingTheOptionAndTheValue() {
        String[][] lines = {{"cut", HELLO, "-s", "5xs", "-e", "1"}, {"stats", HELLO, "--end", "soon"},
            {"render", HELLO, "-s", "1m", "-o", "x.svg"}, {"causality", HELLO, "--min-latency", "1 parsec"},
            {"fix-clocks", HELLO, "--min-latency", "fast", "-o", "x.trace"},
            {"stats", HELLO, "--collectives", "--tolerance", "1sec"}};
        for (String[] line : lines) {
            CliRun.Result r = CliRun.run(line);
            assertThat(r.exit()).as(String.join(" ", line)).isEqualTo(ExitCodes.USAGE);
            assertThat(r.err()).as(String.join(" ", line)).contains("Invalid value for option", "expected a number of seconds",
                    "ms", "found '");
        }
    }
}
