package dev.paje.cli;

import dev.paje.TraceLoader;
import dev.paje.causal.CausalityReport;
import dev.paje.causal.ClockGroups;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code paje causality}: are the clocks of a trace consistent with its links, and if not, by how much. */
@Command(name = "causality", sortOptions = false,
        exitCodeList = {"0:causally consistent: no tachyons", "1:tachyons found, or the trace has problems"})
final class CausalityCommand implements Callable<Integer> {
    @Parameters(paramLabel = "TRACE", description = "Trace file; '-' reads standard input.")
    String trace;

    @Option(names = "--format", paramLabel = "FORMAT", converter = OutputFormat.Converter.class,
            description = "table (default) or json.")
    OutputFormat format = OutputFormat.TABLE;

    @Option(names = "--max", paramLabel = "N", description = "List at most N tachyons, pairs and corrections (default: ${DEFAULT-VALUE}; 0: all).")
    int max = 20;

    @Mixin
    ClockOptions clocks;

    @Mixin
    TraceCommand command;

    @Override
    public Integer call() {
        if (command.refused(max < 0 ? "--max must be 0 (all) or more, found " + max : clocks.check())) {
            return ExitCodes.USAGE;
        }
        return command.run(command.loader().build(), trace, null, "nothing to check", loaded -> check(loaded, command.err(), command.out()));
    }

    private int check(TraceLoader.Loaded loaded, PrintWriter err, PrintWriter out) {
        ClockGroups groups = clocks.groups(loaded.trace(), "causality", err);
        if (groups == null) {
            return 2;
        }
        CausalityReport report;
        try {
            report = clocks.drift ? CausalityReport.withDrift(loaded.trace(), groups, clocks.minLatency)
                    : CausalityReport.of(loaded.trace(), groups, clocks.minLatency);
        } catch (IllegalArgumentException e) {
            err.println("paje causality: --drift: " + e.getMessage());
            return 2;
        }
        String name = trace.equals("-") ? "<stdin>" : trace;
        switch (format) {
            case TABLE -> new CausalityTable(out, max).print(name, loaded.trace(), report);
            case JSON -> new CausalityJson(out, max).print(name, loaded.trace(), report, clocks.per, clocks.minLatency);
        }
        out.flush();
        return report.consistent() ? 0 : 1;
    }
}
