package dev.paje.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A usage error says what is wrong, the command's synopsis and where its help is: not the whole help. */
class UsageErrorTest {
    @Test
    void anUnknownOptionGetsItsMessageTheSynopsisAndAPointerToTheHelp() {
        CliRun.Result r = CliRun.run("stats", "--bogus", "x.trace");
        assertThat(r.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith("Unknown option: '--bogus'").contains("Usage: paje stats [")
                .endsWith("Try 'paje stats --help' for more information." + System.lineSeparator())
                .doesNotContain("Exit codes", "--group-by=TYPE      Add up"); // the option table and the codes stay in --help
    }

    @Test
    void aMissingValueNamesTheOption() {
        CliRun.Result r = CliRun.run("dump", "-s");
        assertThat(r.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).startsWith("Missing required parameter for option '--start'")
                .contains("Try 'paje dump --help'").doesNotContain("Exit codes");
    }

    @Test
    void aMistypedCommandGetsSuggestions() {
        CliRun.Result r = CliRun.run("validat", "x.trace");
        assertThat(r.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("Did you mean: paje validate", "Usage: paje [", "Try 'paje --help'");
    }

    @Test
    void theHelpItselfIsStillWhole() {
        CliRun.Result r = CliRun.run("stats", "--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("--group-by=TYPE", "Exit codes");
    }
}
