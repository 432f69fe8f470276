package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** `paje --help` lists every command with a whole one-line summary, the same one its own help opens with. */
class MainHelpTest {
    private static final List<String> COMMANDS = List.of("view", "dump", "validate", "stats", "render", "export", "cut",
            "causality", "fix-clocks");

    @Test
    void everyCommandHasAOneLineSummary() {
        CliRun.Result main = CliRun.run("--help");
        assertThat(main.exit()).isZero();
        for (String command : COMMANDS) {
            String line = main.out().lines().filter(l -> l.startsWith("  " + command + " ")).findFirst()
                    .orElseThrow(() -> new AssertionError(command + " not listed in:\n" + main.out()));
            String summary = line.substring(2 + command.length()).strip();
            assertThat(summary).as(command).endsWith(".").hasSizeLessThan(70);
            assertThat(CliRun.run(command, "--help").out().lines().findFirst().orElse("")).as(command).isEqualTo(summary);
        }
    }
}
