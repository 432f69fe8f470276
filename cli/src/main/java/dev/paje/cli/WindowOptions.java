package dev.paje.cli;

import picocli.CommandLine.Option;

/** The time window of a command that looks at a part of a trace (a picocli mixin): the whole trace by default. */
final class WindowOptions {
    @Option(names = {"-s", "--start"}, paramLabel = "TIME", converter = TimeConverter.class, description = "Start of the window (default: start of the trace).")
    double start = Double.NEGATIVE_INFINITY;

    @Option(names = {"-e", "--end"}, paramLabel = "TIME", converter = TimeConverter.class, description = "End of the window (default: end of the trace).")
    double end = Double.POSITIVE_INFINITY;

    /** Checks the window; an error message, or null when it is fine. */
    String check() {
        if (Double.isNaN(start) || Double.isNaN(end)) {
            return "--start and --end must be numbers";
        }
        return start > end ? "empty window: --start " + start + " is after --end " + end : null;
    }
}
