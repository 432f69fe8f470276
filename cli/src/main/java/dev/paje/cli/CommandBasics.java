package dev.paje.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** What every command has (a picocli mixin): {@code --help}, and the streams of its command line. */
final class CommandBasics {
    @Option(names = "--help", usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    /** The command's name ("cut"), for its messages (from its command line: this mixin may sit in another). */
    String name() {
        return spec.commandLine().getCommandName();
    }

    /** Prints {@code paje NAME: problem} when there is a problem with the command line: whether there was. */
    boolean refused(String problem) {
        if (problem != null) {
            err().println("paje " + name() + ": " + problem);
        }
        return problem != null;
    }

    PrintWriter out() {
        return spec.commandLine().getOut();
    }
}
