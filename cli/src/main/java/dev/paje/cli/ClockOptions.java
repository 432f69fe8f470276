package dev.paje.cli;

import dev.paje.causal.ClockGroups;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import java.io.PrintWriter;
import java.util.StringJoiner;
import picocli.CommandLine.Option;

/** Which containers share a clock and how fast a link may be: shared by causality and fix-clocks. */
final class ClockOptions {
    @Option(names = "--per", paramLabel = "TYPE", description = {"Containers below one container of type TYPE share its clock",
        "(e.g. a machine's processes); default: each container has its own."})
    String per;

    @Option(names = "--min-latency", paramLabel = "TIME", converter = TimeConverter.class, description = {"Least time a link between two clocks takes",
        "once corrected (default: ${DEFAULT-VALUE}: a link may end when it starts)."})
    double minLatency = 0;

    @Option(names = "--drift", description = {"Also estimate how fast each clock runs (from messages both ways) and",
        "remove that drift before shifting; off by default."})
    boolean drift;

    /** Checks the numbers; an error message, or null when they are fine. */
    String check() {
        if (!(minLatency >= 0) || Double.isInfinite(minLatency)) {
            return "--min-latency must be a number of seconds >= 0, found " + minLatency;
        }
        return null;
    }

    /** The clock groups of {@code trace}; null after printing a message when --per names no container type. */
    ClockGroups groups(Trace trace, String command, PrintWriter err) {
        if (per == null) {
            return ClockGroups.perContainer(trace);
        }
        StringJoiner known = new StringJoiner(", ");
        for (Type t : trace.types()) {
            if (t.kind() == TypeKind.CONTAINER && t.parent() != null) {
                if (t.name().equals(per) || per.equals(t.alias())) {
                    return ClockGroups.perType(trace, t);
                }
                known.add(t.name());
            }
        }
        err.println("paje " + command + ": --per " + per + ": no container type of that name or alias in this trace;"
                + " its container types are: " + (known.length() == 0 ? "(none)" : known));
        return null;
    }
}
