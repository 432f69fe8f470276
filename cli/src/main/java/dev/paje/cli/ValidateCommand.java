package dev.paje.cli;

import dev.paje.TraceLoader;
import dev.paje.read.Problem;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code paje validate}: checks whole traces and lists every problem. */
@Command(name = "validate", sortOptions = false,
        exitCodeList = {"0:every trace is valid", "1:a trace has problems", "4:a trace could not be read (the others are checked)"})
final class ValidateCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "TRACE", description = "Trace files; '-' reads standard input.")
    List<String> traces;

    @Mixin
    LoadOptions load;

    @Option(names = {"-m", "--max-problems"}, paramLabel = "N", description = "Stop after N distinct problems (default: ${DEFAULT-VALUE}).")
    int maxProblems = 20;

    @Option(names = {"-q", "--quiet"}, description = "Print nothing for valid traces.")
    boolean quiet;

    @Mixin
    CommandBasics basics;

    @Override
    public Integer call() {
        PrintWriter err = basics.err();
        PrintWriter out = basics.out();
        if (maxProblems < 1) {
            err.println("paje validate: --max-problems must be at least 1, found " + maxProblems);
            return 2;
        }
        TraceLoader loader = load.builder().collectProblems(maxProblems).keepEntities(false).build(); // reads no entity back
        int status = 0;
        for (String trace : traces) {
            TraceLoader.Loaded loaded = TraceInput.load(loader, trace, err);
            if (loaded == null) {
                status = ExitCodes.IO;
                continue;
            }
            for (Problem p : loaded.problems()) {
                TraceInput.print(p, err);
            }
            for (Problem w : loaded.warnings()) {
                err.println(w.format().replaceFirst(": ", ": warning: "));
            }
            if (loaded.valid()) {
                if (!quiet) {
                    out.printf("%s: valid (%d lines, %d events, %d containers)%n", trace == null ? "-" : trace,
                            loaded.lines(), loaded.events(), loaded.trace().containers().size());
                }
            } else {
                status = Math.max(status, ExitCodes.TRACE);
                long more = loaded.problemLines() - loaded.problems().size();
                err.printf("%s: invalid: %d problem%s%s%n", trace, loaded.problems().size(),
                        loaded.problems().size() == 1 ? "" : "s",
                        loaded.complete() ? (more > 0 ? " (and " + more + " more lines with the same problems)" : "")
                                : " (stopped at the limit of " + maxProblems + "; use --max-problems to see more)");
            }
        }
        out.flush();
        err.flush();
        return status;
    }
}
