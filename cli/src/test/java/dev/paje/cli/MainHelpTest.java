package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;
import org.junit.jupiter.api.Test;

/**
 * `paje --help` lists every command with a whole one-line summary, the same one its own help opens with;
 * each command's help fits 100 columns, lists the exit codes and ends with an example that parses.
 */
class MainHelpTest {
    private static final List<String> COMMANDS = List.of("view", "dump", "dump-csv", "validate", "stats", "render", "export", "convert", "cut", "equals",
            "causality", "fix-clocks", "sql");

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

    /** Every command. */
    private static final List<String> HELPED = List.of("view", "dump", "dump-csv", "validate", "stats", "render", "export", "convert", "cut", "equals",
            "causality", "fix-clocks", "cache", "sql");

    @Test
    void everyHelpFitsHundredColumnsWithExitCodesAndAnExample() {
        for (String command : HELPED) {
            CliRun.Result r = CliRun.run(command, "--help");
            assertThat(r.exit()).as(command).isZero();
            List<String> lines = r.out().lines().toList();
            assertThat(lines).as(command + " --help lines wider than 100 columns")
                    .allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(100));
            assertThat(lines).as(command).contains("Exit codes:");
            assertThat(lines.stream().filter(l -> l.matches("  [0-9]+ +\\S.*"))).as(command + ": exit code rows")
                    .anySatisfy(l -> assertThat(l).startsWith("  0 "))
                    .anySatisfy(l -> assertThat(l).startsWith("  2 "));
            int at = lines.indexOf("Example:");
            assertThat(at).as(command + " --help has an 'Example:' line:\n" + r.out()).isPositive();
            String example = lines.get(at + 1).strip();
            assertThat(example).as(command).startsWith("paje " + command + " ");
            // the example is a valid command line: picocli parses it (without running it)
            String[] args = example.substring("paje ".length()).split(" +");
            CommandLine cli = new CommandLine(new Main());
            assertThat(cli.parseArgs(args).subcommand().commandSpec().name()).as(Arrays.toString(args)).isEqualTo(command);
        }
    }

    /** The help texts live in help.properties: a key for a command that does not exist would be lost silently. */
    @Test
    void everyHelpTextBelongsToACommandAndEveryCommandHasADescription() throws java.io.IOException {
        java.util.Properties texts = new java.util.Properties();
        try (var in = Main.class.getResourceAsStream("help.properties")) {
            assertThat(in).as("help.properties next to Main").isNotNull();
            texts.load(new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8));
        }
        CommandLine cli = new CommandLine(new Main());
        for (String key : texts.stringPropertyNames()) {
            String[] parts = key.split("\\.usage\\.", 2);
            assertThat(parts).as(key + ": expected paje[.COMMAND].usage.SECTION").hasSize(2);
            String command = parts[0].equals("paje") ? null : parts[0].substring("paje.".length());
            assertThat(command == null || cli.getSubcommands().containsKey(command)).as(key + ": no such command").isTrue();
        }
        for (String command : HELPED) {
            assertThat(cli.getSubcommands().get(command).getCommandSpec().usageMessage().description())
                    .as(command + " has a description").isNotEmpty();
        }
    }
}
