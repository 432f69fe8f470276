package dev.paje.cli;

import dev.paje.collective.Collective;
import dev.paje.format.JsonOut;
import dev.paje.collective.CollectiveOptions;
import dev.paje.collective.Collectives;
import dev.paje.stats.Lookup;
import dev.paje.store.Trace;
import dev.paje.stats.Stats;
import dev.paje.stats.StatsException;
import dev.paje.stats.StatsJson;
import dev.paje.stats.StatsOptions;
import dev.paje.stats.StatsResult;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code paje stats}: the figures of the viewer's time-slice statistics, on the command line. */
@Command(name = "stats", sortOptions = false,
        exitCodeList = {"0:the statistics were printed",
            "2:wrong usage (unknown container or type, empty window, bad option)"})
final class StatsCommand implements Callable<Integer> {
    enum Format { table, csv, json }

    @Parameters(arity = "0..1", paramLabel = "TRACE", description = "Trace file; '-' or nothing reads standard input.")
    String trace;

    @Mixin
    WindowOptions window;

    @Option(names = {"-c", "--container"}, paramLabel = "PATH", description = {"Only this container: a path such as '/node-1/rank 0'",
        "or a name (all containers of that name). Repeat for more (default: all)."})
    List<String> containers = new ArrayList<>();

    @Option(names = {"-t", "--type"}, paramLabel = "NAME", description = "Only this entity type. Repeat for more (default: all).")
    List<String> types = new ArrayList<>();

    @Option(names = {"-g", "--group-by"}, paramLabel = "TYPE", description = {"Add up the figures of each container of this",
        "container type with its whole subtree (e.g. per node instead of per thread)."})
    String groupBy;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", description = "table (default), csv or json.")
    Format format = Format.table;

    @Mixin
    CollectiveFlags collectives;

    @Mixin
    TraceCommand command;

    @Override
    public Integer call() {
        if (command.refused(window.check())) {
            return ExitCodes.USAGE;
        }
        PrintWriter err = command.err();
        CollectiveOptions collectiveOptions = collectives.options(err);
        if (collectiveOptions == null || (collectives.on && groupBy != null)) {
            if (collectiveOptions != null) {
                err.println("paje stats: --group-by does not go with --collectives");
            }
            return 2;
        }
        return command.run(command.loader().build(), trace, null, null, loaded -> {
            Writer out = new BufferedWriter(new OutputStreamWriter(Stdout.stream(), StandardCharsets.UTF_8), 1 << 16);
            try {
                return collectives.on ? printCollectives(loaded.trace(), collectiveOptions, out) : print(loaded.trace(), out);
            } catch (StatsException e) { // an unknown container or type, said before anything is printed
                err.println("paje stats: " + e.getMessage());
                return 2;
            }
        });
    }

    private int print(Trace t, Writer out) throws IOException {
        StatsResult result = Stats.compute(t, new StatsOptions(window.start, window.end, containers, types, groupBy));
        String name = trace == null ? "-" : trace;
        switch (format) {
            case table -> new StatsTable(out).write(result, name);
            case csv -> new StatsCsv(out).write(result);
            case json -> {
                JsonOut g = JsonOut.pretty(Stdout.stream());
                new StatsJson(g, StatsJson.Naming.NAMES).write(name, result, result.subjects());
                g.flush();
                out.write('\n');
            }
        }
        out.flush();
        return 0;
    }

    /** {@code --collectives}: the operations of the window and selection, counted. */
    private int printCollectives(Trace t, CollectiveOptions options, Writer out) throws IOException {
        Lookup lookup = Lookup.of(t, new StatsOptions(window.start, window.end, containers, types, null));
        Collectives all = Collectives.find(t, options);
        List<Collective> chosen = CollectivesOutput.select(t, all, lookup, containers.isEmpty());
        CollectivesOutput o = new CollectivesOutput(out);
        String name = trace == null ? "-" : trace;
        switch (format) {
            case table -> o.table(name, all, chosen);
            case csv -> o.csv(chosen);
            case json -> o.json(name, all, chosen);
        }
        out.flush();
        return 0;
    }
}
