package dev.paje.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;

/**
 * The exit codes of every {@code paje} command, one set for all, listed in {@code paje --help} and
 * in each command's help (a command's own {@code exitCodeList} may word a code for itself).
 */
final class ExitCodes {
    /** Success. */
    static final int OK = 0;
    /** The trace has problems (or what the command checks for was found: tachyons, unfixable clocks). */
    static final int TRACE = 1;
    /** Wrong usage: unknown option, bad value, missing argument (picocli's own code for these too). */
    static final int USAGE = 2;
    /** The JVM ran out of heap: PAJE_HEAP gives it more. */
    static final int OUT_OF_MEMORY = 3;
    /** I/O error: the trace cannot be read, or the output cannot be written (or the port opened). */
    static final int IO = 4;
    /** A bug in paje (an unexpected exception), as sysexits' EX_SOFTWARE. */
    static final int INTERNAL = 70;

    /** The shared table, code to meaning, in the order the help lists them. */
    static final Map<String, String> TABLE = table();

    private ExitCodes() {
    }

    private static Map<String, String> table() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(String.valueOf(OK), "success");
        m.put(String.valueOf(TRACE), "the trace has problems (printed on stderr as FILE:LINE: message)");
        m.put(String.valueOf(USAGE), "wrong usage: unknown option, bad value, missing argument,"
                + " an output that is the input itself");
        m.put(String.valueOf(OUT_OF_MEMORY), "out of memory: give the JVM more heap, e.g. PAJE_HEAP=16g");
        m.put(String.valueOf(IO), "I/O error: the trace cannot be read, or the output cannot be written"
                + " (no such file, permission denied, disk full)");
        m.put(String.valueOf(INTERNAL), "a bug in paje (an unexpected exception): please report it");
        return m;
    }

    /**
     * Puts the table in the help of {@code cli} and of each of its subcommands; a command keeps its
     * own wording of a code (its {@code exitCodeList} annotation) and gets the shared one for the others.
     */
    static void install(CommandLine cli) {
        install(cli.getCommandSpec(), "%nExit codes (the same for every command):%n");
        for (CommandLine sub : cli.getSubcommands().values()) {
            if (!(sub.getCommand() instanceof CommandLine.HelpCommand)) {
                install(sub.getCommandSpec(), "%nExit codes:%n");
            }
        }
    }

    private static void install(CommandLine.Model.CommandSpec spec, String heading) {
        Map<String, String> own = spec.usageMessage().exitCodeList();
        Map<String, String> merged = new LinkedHashMap<>();
        TABLE.forEach((code, meaning) -> merged.put(code, own.getOrDefault(code, meaning)));
        spec.usageMessage().exitCodeListHeading(heading).exitCodeList(merged);
    }
}
