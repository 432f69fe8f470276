package dev.paje.cli;

import dev.paje.TraceLoader;
import dev.paje.causal.ClockConstraints;
import dev.paje.causal.ClockFix;
import dev.paje.causal.ClockGroups;
import dev.paje.causal.ClockRewriter;
import dev.paje.causal.ClockShifts;
import dev.paje.causal.DriftEstimate;
import dev.paje.causal.Tachyon;
import dev.paje.causal.TimeSort;
import dev.paje.read.TraceException;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code paje fix-clocks}: the trace with each clock shifted just enough that no link goes back in time. */
@Command(name = "fix-clocks", sortOptions = false,
        exitCodeList = {"0:the corrected trace was written (an exact copy when nothing needed a correction)",
            "1:the trace has problems, or no clock shifts can fix it (nothing written)"})
final class FixClocksCommand implements Callable<Integer> {
    @Parameters(paramLabel = "TRACE", description = "Trace file (read twice: it cannot be standard input).")
    String trace;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT", description = {"Where to write the corrected trace ('-': standard output);",
        "replaced only once complete. It cannot be TRACE itself."})
    Path output;

    @Mixin
    ClockOptions clocks;

    @Mixin
    TraceCommand command;

    @Override
    public Integer call() {
        PrintWriter err = command.err();
        PrintWriter out = SafeOutput.isStdout(output) ? err : command.out(); // the report must not mix with the trace
        String bad = clocks.check();
        if (bad == null && trace.equals("-")) {
            bad = "TRACE must be a file: the trace is read twice (once to analyse, once to rewrite)";
        }
        if (command.refused(bad)) {
            return ExitCodes.USAGE;
        }
        return command.write(command.loader().build(), trace, output, "nothing written", loaded -> fix(loaded, err, out));
    }

    /** Solves the clocks' shifts of a valid trace, then writes the corrected copy and reports what moved. */
    private int fix(TraceLoader.Loaded loaded, PrintWriter err, PrintWriter out) throws IOException {
        ClockGroups groups = clocks.groups(loaded.trace(), "fix-clocks", err);
        if (groups == null) {
            return 2;
        }
        DriftEstimate drift = null;
        ClockFix fix;
        try {
            drift = clocks.drift ? DriftEstimate.of(loaded.trace(), groups) : null;
            fix = ClockShifts.solve(drift == null ? ClockConstraints.of(loaded.trace(), groups, clocks.minLatency)
                    : ClockConstraints.of(loaded.trace(), groups, clocks.minLatency, drift.map()));
        } catch (IllegalArgumentException e) {
            err.println("paje fix-clocks: --drift: " + e.getMessage() + "; nothing written");
            return 1;
        }
        if (!fix.feasible()) {
            err.println("paje fix-clocks: " + whyNot(fix) + "; nothing written");
            return 1;
        }
        long changed;
        try {
            changed = write(fix);
        } catch (TraceException e) {
            err.println(e.problem().format());
            err.println("paje fix-clocks: could not rewrite " + trace + "; nothing written");
            return ExitCodes.TRACE;
        }
        Object written = SafeOutput.isStdout(output) ? "standard output" : output;
        int moved = fix.shifted().size();
        int drifting = drifting(fix);
        if (drifting > 0) {
            out.printf("paje fix-clocks: removed the drift of %d clock%s (largest %s ppm)%n", drifting,
                    drifting == 1 ? "" : "s", CausalityTable.ppm(largestRate(fix)));
        }
        if (moved == 0 && drifting == 0) {
            out.printf("paje fix-clocks: no clock needs a correction; %s is an exact copy of %s%n", written, trace);
        } else {
            out.printf("paje fix-clocks: shifted %d clock%s (largest shift %s), %d line%s changed; wrote %s%n",
                    moved, moved == 1 ? "" : "s", Quantities.exactDuration(fix.maxShift()), changed, changed == 1 ? "" : "s", written);
        }
        if (sorted == Sorted.YES) {
            out.println("paje fix-clocks: moved lines went before others: the lines were re-sorted in time order");
        } else if (sorted == Sorted.NO) {
            err.println("paje fix-clocks: warning: moved lines went before others, but a container would be created before"
                    + " its parent in time order: the lines are left in the file's order");
        }
        out.flush();
        return 0;
    }

    /** Clock groups whose drift is removed. */
    private static int drifting(ClockFix fix) {
        int n = 0;
        for (int c = 0; c < fix.map().size(); c++) {
            n += fix.map().rate(c) != 0 && fix.constraints().groups().of(c) == c ? 1 : 0;
        }
        return n;
    }

    private static double largestRate(ClockFix fix) {
        double m = 0;
        for (int c = 0; c < fix.map().size(); c++) {
            m = Math.abs(fix.map().rate(c)) > Math.abs(m) ? fix.map().rate(c) : m;
        }
        return m;
    }

    /**
     * Rewrites the trace into a temporary file, then copies it to the output, re-sorted in time order
     * when moved lines went before others; the output is replaced only once complete.
     */
    private long write(ClockFix fix) throws IOException {
        Path parent = SafeOutput.isStdout(output) ? null : output.toAbsolutePath().getParent();
        Path rewritten = parent == null ? Files.createTempFile("paje-fix-clocks", ".trace")
                : Files.createTempFile(parent, ".paje-fix-clocks", ".trace"); // beside the output: room for a copy
        try {
            ClockRewriter rewriter = new ClockRewriter(fix, command.load.legacy, trace);
            long changed;
            try (InputStream in = Files.newInputStream(Path.of(trace));
                    OutputStream o = new BufferedOutputStream(Files.newOutputStream(rewritten), 1 << 16)) {
                changed = rewriter.rewrite(in, o);
            }
            boolean copy = changed == 0 || rewriter.ordered();
            sorted = SafeOutput.write(output, o -> copy ? copied(rewritten, o)
                    : TimeSort.sort(rewritten, o, command.load.legacy) ? Sorted.YES : Sorted.NO);
            return changed;
        } finally {
            Files.deleteIfExists(rewritten);
        }
    }

    /** Whether the output had to be re-sorted in time order, and could be. */
    private enum Sorted { NOT_NEEDED, YES, NO }

    private Sorted sorted = Sorted.NOT_NEEDED;

    private static Sorted copied(Path file, OutputStream o) throws IOException {
        Files.copy(file, o);
        return Sorted.NOT_NEEDED;
    }

    private static String whyNot(ClockFix fix) {
        if (!fix.unfixable().isEmpty()) {
            Tachyon t = fix.unfixable().get(0);
            return fix.unfixable().size() + " link(s) end before they start within one clock, which no shift can fix"
                    + " (the worst: key " + t.key() + " from " + ContainerPaths.of(t.from()) + " at "
                    + CausalityTable.num(t.start()) + " to " + ContainerPaths.of(t.to()) + " at "
                    + CausalityTable.num(t.end()) + ")" + " — choose clocks with --per, or none";
        }
        if (!fix.cycle().isEmpty()) {
            StringBuilder sb = new StringBuilder();
            for (int c : fix.cycle()) {
                sb.append(ContainerPaths.of(fix.constraints().trace().container(c))).append(" -> ");
            }
            sb.append(ContainerPaths.of(fix.constraints().trace().container(fix.cycle().get(0))));
            return "no clock shifts can fix these links: around the cycle " + sb + " the links need "
                    + Quantities.exactDuration(fix.cycleExcess()) + " more than any shifts can give";
        }
        return fix.roundingFailures() + " link(s) could not be corrected exactly in double precision";
    }
}
