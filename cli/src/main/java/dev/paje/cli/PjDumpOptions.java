package dev.paje.cli;

import dev.paje.TraceLoader;
import dev.paje.dump.DumpOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The pj_dump options that dump and dump-csv share (a picocli mixin): the window, the stop, how to read, the lines' form. */
final class PjDumpOptions {
    @Option(names = {"-s", "--start"}, paramLabel = "TIME", converter = TimeConverter.class,
            description = "Only entities that end at or after TIME (seconds, or 5ms, 2us...).")
    double start = Double.NEGATIVE_INFINITY;

    @Option(names = {"-e", "--end"}, paramLabel = "TIME", converter = TimeConverter.class,
            description = "Only entities that start at or before TIME.")
    double end = Double.POSITIVE_INFINITY;

    @Option(names = {"-a", "--stop-at"}, paramLabel = "TIME", converter = TimeConverter.class,
            description = "Stop the simulation at TIME.")
    double stopAt = Double.POSITIVE_INFINITY;

    @Mixin
    LoadOptions load;

    @Option(names = {"-i", "--no-imbrication"}, description = {"No imbrication, as pj_dump -i: push and pop",
        "become sets (a push ends the state under it, a",
        "pop starts it again as a new line)."})
    boolean noImbrication;

    @Option(names = {"-l", "--float-precision"}, paramLabel = "N", description = "Digits after the decimal point (default: ${DEFAULT-VALUE}).")
    int precision = 6;

    /** Checks the numbers; an error message, or null when they are fine. */
    String check() {
        return precision < 0 || precision > 17 ? "--float-precision must be between 0 and 17, found " + precision : null;
    }

    /** A loader of the trace as pj_dump simulates it with these options. */
    TraceLoader.Builder loader() {
        return load.builder().stopAt(stopAt).noImbrication(noImbrication);
    }

    /** The lines' options: this window and precision, with or without the user fields and the header line. */
    DumpOptions lines(boolean userDefined, boolean header) {
        return new DumpOptions(start, end, true, precision, userDefined, header);
    }
}
