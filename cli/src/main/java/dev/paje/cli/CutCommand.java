package dev.paje.cli;

import dev.paje.export.CutOptions;
import dev.paje.format.Shortest;
import dev.paje.export.TraceCut;
import dev.paje.export.UserFieldTypes;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code paje cut}: a time window of a trace as a smaller trace that every Pajé tool reads. */
@Command(name = "cut", sortOptions = false,
        exitCodeList = {"0:the cut was written", "1:the trace has a problem, or the window is after its end"})
final class CutCommand implements Callable<Integer> {
    @Parameters(paramLabel = "TRACE", description = "Trace file; '-' reads standard input.")
    String trace;

    @Option(names = {"-s", "--start"}, required = true, paramLabel = "TIME", converter = TimeConverter.class, description = "Start of the window.")
    double start;

    @Option(names = {"-e", "--end"}, required = true, paramLabel = "TIME", converter = TimeConverter.class, description = "End of the window.")
    double end;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = {"Where to write the cut trace (default, or '-': standard output);",
        "replaced only once complete. It cannot be TRACE itself."})
    Path output;

    @Mixin
    TraceCommand command;

    @Override
    public Integer call() {
        PrintWriter err = command.err();
        if (!Double.isFinite(start) || !Double.isFinite(end)) {
            err.println("paje cut: --start and --end must be finite numbers, found " + start + " and " + end);
            return 2;
        }
        if (start > end) {
            err.println("paje cut: --start " + Shortest.format(start) + " is after --end " + Shortest.format(end)
                    + ": expected START <= END");
            return 2;
        }
        return command.write(command.loader().build(), trace, output, null, loaded -> {
            if (start > loaded.trace().end()) {
                err.println("paje cut: the window starts at " + Shortest.format(start) + ", after the end of the trace ("
                        + Shortest.format(loaded.trace().end()) + "): nothing to cut");
                return 1;
            }
            Map<String, String> types = userTypes();
            return SafeOutput.writeText(output, out -> {
                new TraceCut(loaded.trace(), new CutOptions(start, end), types).write(out);
                return ExitCodes.OK;
            });
        });
    }

    /** The input's declared types of its user fields (standard input cannot be read twice: they stay strings). */
    private Map<String, String> userTypes() throws IOException {
        return trace.equals("-") ? Map.of() : UserFieldTypes.of(Path.of(trace));
    }
}
