package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * A command line naming a command builds {@code paje} with that command alone ({@link Main#commandLine}); what
 * users see must be the same as with every command: help, usage errors, exit codes.
 */
class OneCommandTest {

    @Test
    void everyCommandOfMainIsFoundByItsNameAndNothingElseIs() {
        Map<String, CommandLine> all = new CommandLine(new Main()).getSubcommands();
        assertThat(all).hasSizeGreaterThan(10);
        all.forEach((name, sub) -> {
            Class<?> expected = sub.getCommand() instanceof CommandLine.HelpCommand ? null : sub.getCommand().getClass();
            assertThat(OneCommand.byName(name)).as(name).isEqualTo(expected);
        });
        assertThat(OneCommand.byName("validat")).isNull();
        assertThat(OneCommand.byName("--help")).isNull();
    }

    @Test
    void aCommandAloneHasTheSameHelpAndErrorsAsAmongAll() {
        for (String name : new CommandLine(new Main()).getSubcommands().keySet()) {
            if (OneCommand.byName(name) == null) {
                continue;
            }
            CommandLine one = Main.commandLine(name);
            assertThat((Object) one.getCommand()).as(name).isInstanceOf(OneCommand.class);
            assertThat(one.getSubcommands()).as(name).containsOnlyKeys(name);
            for (String[] args : new String[][] {{name, "--help"}, {name, "--no-such-option"}, {name, "-s"}}) {
                assertThat(outcome(one, args)).as(String.join(" ", args))
                        .isEqualTo(outcome(new CommandLine(new Main()), args));
            }
        }
    }

    @Test
    void otherCommandLinesGetEveryCommand() {
        for (String[] args : new String[][] {{}, {"--help"}, {"help", "dump"}, {"validat", "x.trace"}}) {
            assertThat((Object) Main.commandLine(args).getCommand()).isInstanceOf(Main.class);
        }
        CliRun.Result r = CliRun.run("help", "validate");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("Usage: paje validate");
    }

    /** Exit code, standard output and error of {@code args} on {@code cli}, with the exit codes {@link Main} installs. */
    private static String outcome(CommandLine cli, String... args) {
        ExitCodes.install(cli);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return exit + "\n--- out ---\n" + out + "\n--- err ---\n" + err;
    }
}
