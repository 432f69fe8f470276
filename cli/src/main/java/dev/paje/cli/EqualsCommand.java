package dev.paje.cli;

import dev.paje.TraceLoader;
import dev.paje.dump.TraceEquals;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code paje equals}: PajeNG's {@code pj_equals}, same flags and same answer, plus the differences on request ({@code --diff}). */
@Command(name = "equals", sortOptions = false, versionProvider = Version.class,
        exitCodeList = {"0:the answer was printed (with -q: the traces differ)",
            "1:a trace has a problem (with -q: the traces are equal, as pj_equals returns)"})
final class EqualsCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "TRACE1", description = "The first trace.")
    String first;

    @Parameters(index = "1", paramLabel = "TRACE2", description = "The second trace.")
    String second;

    @Option(names = {"-s", "--start1"}, paramLabel = "START1", converter = TimeConverter.class, description = "Compare from START1 in TRACE1 (default: its start).")
    double start1 = Double.NaN;

    @Option(names = {"-e", "--end1"}, paramLabel = "END1", converter = TimeConverter.class, description = "Compare until END1 in TRACE1 (default: its end).")
    double end1 = Double.NaN;

    @Option(names = {"-a", "--stop-at1"}, paramLabel = "TIME1", converter = TimeConverter.class, description = "Stop the simulation of TRACE1 at TIME1.")
    double stopAt1 = Double.POSITIVE_INFINITY;

    @Option(names = {"-t", "--start2"}, paramLabel = "START2", converter = TimeConverter.class, description = "Compare from START2 in TRACE2.")
    double start2 = Double.NaN;

    @Option(names = {"-d", "--end2"}, paramLabel = "END2", converter = TimeConverter.class, description = "Compare until END2 in TRACE2.")
    double end2 = Double.NaN;

    @Option(names = {"-o", "--stop-at2"}, paramLabel = "TIME2", converter = TimeConverter.class, description = "Stop the simulation of TRACE2 at TIME2.")
    double stopAt2 = Double.POSITIVE_INFINITY;

    @Option(names = {"-i", "--icase"}, description = "Ignore case when comparing values.")
    boolean ignoreCase;

    @Option(names = {"-q", "--quiet"}, description = {"Print nothing; the exit code is the answer,",
        "as pj_equals returns it (1: equal, 0: different)."})
    boolean quiet;

    @Option(names = {"-f", "--flex"}, description = "Accepted for pj_equals' scripts; does nothing.")
    boolean flex;

    @Option(names = {"-v", "--version"}, versionHelp = true, description = "Print the version and exit.")
    boolean version;

    @Option(names = "--diff", paramLabel = "N", arity = "0..1", fallbackValue = "10",
            description = "After the answer, list the first N differences (default N: 10).")
    Integer diff;

    @Mixin
    TraceCommand command;

    @Override
    public Integer call() {
        PrintWriter err = command.err();
        if (diff != null && diff < 1) {
            err.println("paje equals: --diff takes a number of differences of at least 1, found " + diff);
            return ExitCodes.USAGE;
        }
        TraceInput.Opened a = TraceInput.valid(command.loader().stopAt(stopAt1).build(), first, err, null);
        if (a.failed()) {
            return a.exit();
        }
        TraceInput.Opened b = TraceInput.valid(command.loader().stopAt(stopAt2).build(), second, err, null);
        if (b.failed()) {
            return b.exit();
        }
        TraceEquals.Result result = TraceEquals.compare(new TraceEquals.Side(a.loaded().trace(), start1, end1),
                new TraceEquals.Side(b.loaded().trace(), start2, end2), ignoreCase, diff == null ? 1 : diff);
        if (quiet) {
            return result.equal() ? 1 : 0;
        }
        PrintWriter out = command.out();
        out.println(result.equal() ? "1" : "0");
        if (diff != null) {
            result.differences().forEach(out::println);
        }
        return ExitCodes.OK;
    }
}
