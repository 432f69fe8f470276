package dev.paje.cli;

import dev.paje.TraceLoader;
import dev.paje.dump.ContainerTreeWriter;
import dev.paje.dump.DumpOptions;
import dev.paje.dump.DumpWriter;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code paje dump}: the trace as {@code pj_dump} prints it. */
@Command(name = "dump", sortOptions = false,
        header = "Print every container and entity, one per line, as pj_dump does.",
        description = {"Print every container and entity of a trace, one per line, as pj_dump does.",
            "The lines, fields separated by \", \":",
            "  Container, Parent, Type, Start, End, Duration, Name",
            "  State, Container, Type, Start, End, Duration, Imbrication, Value",
            "  Event, Container, Type, Time, Value",
            "  Variable, Container, Type, Start, End, Duration, Value",
            "  Link, Container, Type, Start, End, Duration, Value, StartContainer, EndContainer, Key",
            "On a bad trace, prints the first problem (FILE:LINE: what is wrong) and exits with 1."},
        exitCodeList = {"0:the trace was read and printed", "1:the trace has a problem (the first one printed on stderr)"})
final class DumpCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", paramLabel = "TRACE", description = "Trace file; '-' or nothing reads standard input.")
    String trace;

    @Option(names = {"-s", "--start"}, paramLabel = "TIME", description = "Print only entities that end at or after TIME.")
    double start = Double.NEGATIVE_INFINITY;

    @Option(names = {"-e", "--end"}, paramLabel = "TIME", description = "Print only entities that start at or before TIME.")
    double end = Double.POSITIVE_INFINITY;

    @Option(names = {"-a", "--stop-at"}, paramLabel = "TIME", description = "Stop the simulation at TIME.")
    double stopAt = Double.POSITIVE_INFINITY;

    @Mixin
    LoadOptions load;

    @Option(names = {"-i", "--no-imbrication"}, description = "Print only the outermost states (nesting level 0).")
    boolean noImbrication;

    @Option(names = {"-l", "--float-precision"}, paramLabel = "N", description = "Digits after the decimal point (default: ${DEFAULT-VALUE}).")
    int precision = 6;

    @Option(names = {"-u", "--user-defined"}, description = "Append the user-defined fields of each entity.")
    boolean userDefined;

    @Option(names = {"-h", "--header"}, description = "Print a header line describing each kind of line.")
    boolean header;

    @Option(names = {"-c", "--container"}, description = "Print only the container tree, as pj_dump -c.")
    boolean containerTree;

    @Option(names = "--exact-values", description = {"Keep variable values in full double precision.",
        "By default they are rounded to single precision as pj_dump does, so outputs match."})
    boolean exactValues;

    @Mixin
    CommandBasics basics;

    @Override
    public Integer call() {
        PrintWriter err = basics.err();
        if (precision < 0 || precision > 17) {
            err.println("paje dump: --float-precision must be between 0 and 17, found " + precision);
            return 2;
        }
        TraceLoader loader = load.builder().stopAt(stopAt).singlePrecisionVariables(!exactValues).build();
        TraceInput.Opened in = TraceInput.valid(loader, trace, err, null);
        if (in.failed()) {
            return in.exit();
        }
        TraceLoader.Loaded loaded = in.loaded();
        try {
            if (containerTree) {
                Writer out = new BufferedWriter(new OutputStreamWriter(Stdout.stream(), StandardCharsets.UTF_8), 1 << 16);
                new ContainerTreeWriter(out).write(loaded.trace());
                out.flush();
            } else {
                DumpOptions options = new DumpOptions(start, end, !noImbrication, precision, userDefined, header);
                new DumpWriter(options, load.threads).write(loaded.trace(), Stdout.stream());
            }
        } catch (IOException e) {
            return OutputTarget.writeFailed(err, "dump", null, e);
        }
        return ExitCodes.OK;
    }
}
