package dev.paje.cli;

import dev.paje.TraceLoader;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;

/**
 * What a command over one trace has (a picocli mixin): how to read the trace, {@code --help}, and the frame that
 * opens the trace, checks the output first and turns failures into exit codes.
 */
final class TraceCommand {
    @Mixin
    LoadOptions load;

    @Mixin
    CommandBasics basics;

    PrintWriter err() {
        return basics.err();
    }

    PrintWriter out() {
        return basics.out();
    }

    /** See {@link CommandBasics#refused}. */
    boolean refused(String problem) {
        return basics.refused(problem);
    }

    /** A loader builder with the load options set. */
    TraceLoader.Builder loader() {
        return load.builder();
    }

    /**
     * Runs {@code work} on the valid trace {@code trace}, writing {@code output} (null: standard output; checked
     * already); when the trace has problems, they are printed, then "nothing ..." ({@code nothingDone}, when not null)
     * says what was not done.
     */
    int run(TraceLoader loader, String trace, Path output, String nothingDone, TraceInput.Work work) {
        String notDone = nothingDone == null ? null
                : "paje " + basics.name() + ": " + trace + " has problems (see 'paje validate'); " + nothingDone;
        return TraceInput.run(basics, loader, trace, output, notDone, work);
    }

    /**
     * The same, checking first, before the trace is read, that {@code output} (null or "-": standard output) can be
     * written and is not the trace itself.
     */
    int write(TraceLoader loader, String trace, Path output, String nothingDone, TraceInput.Work work) {
        int unsafe = OutputTarget.check(err(), basics.name(), output, trace);
        return unsafe != ExitCodes.OK ? unsafe : run(loader, trace, output, nothingDone, work);
    }
}
