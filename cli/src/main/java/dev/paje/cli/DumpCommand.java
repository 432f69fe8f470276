package dev.paje.cli;

import dev.paje.TraceLoader;
import dev.paje.dump.ContainerTreeWriter;
import dev.paje.dump.DumpWriter;
import dev.paje.dump.PajeHierarchy;
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
@Command(name = "dump", sortOptions = false, versionProvider = Version.class,
        exitCodeList = {"0:the trace was read and printed", "1:the trace has a problem (the first one printed on stderr)"})
final class DumpCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", paramLabel = "TRACE", description = "Trace file; '-' or nothing reads standard input.")
    String trace;

    @Mixin
    PjDumpOptions pj;

    @Option(names = {"-u", "--user-defined"}, description = "Append the user-defined fields of each entity.")
    boolean userDefined;

    @Option(names = {"-h", "--header"}, description = "Print a header line describing each kind of line.")
    boolean header;

    @Option(names = {"-c", "--container"}, description = "Print only the container tree, as pj_dump -c.")
    boolean containerTree;

    @Option(names = {"-q", "--quiet"}, description = "Do not dump, only simulate (check the trace).")
    boolean quiet;

    @Option(names = {"-t", "--time"}, description = "Print the seconds taken to read and simulate the trace first.")
    boolean time;

    @Option(names = {"-d", "--dot"}, description = "Print the type hierarchy in Graphviz's dot format, and nothing else.")
    boolean dot;

    @Option(names = "--type-hierarchy", paramLabel = "FILE", description = "Also write the type hierarchy to FILE (CSV).")
    java.nio.file.Path typeHierarchy;

    @Option(names = "--entity-hierarchy", paramLabel = "FILE", description = "Also write the entity hierarchy to FILE (CSV).")
    java.nio.file.Path entityHierarchy;

    @Option(names = {"-v", "--version"}, versionHelp = true, description = "Print paje's version and exit.")
    boolean version;

    @Option(names = {"-f", "--flex"}, description = "Accepted for pj_dump's scripts; does nothing.")
    boolean flex;

    @Option(names = {"-o", "--out-of-core"}, description = "Accepted for pj_dump's scripts; does nothing (memory is always bounded).")
    boolean outOfCore;

    @Option(names = {"-p", "--probabilistic"}, paramLabel = "TYPE", description = "pj_dump's global states: not supported (exit 2).")
    String probabilistic;

    @Option(names = "--exact-values", description = {"Keep variable values in full double precision.",
        "By default they are rounded to single precision as pj_dump does, so outputs match."})
    boolean exactValues;

    @Mixin
    CommandBasics basics;

    @Override
    public Integer call() {
        PrintWriter err = basics.err();
        if (basics.refused(pj.check())) {
            return ExitCodes.USAGE;
        }
        if (probabilistic != null) {
            err.println("paje dump: -p (pj_dump's probabilistic global states of " + probabilistic
                    + ") is not supported; 'paje stats' gives the time per state value");
            return 2;
        }
        for (java.nio.file.Path file : new java.nio.file.Path[] {typeHierarchy, entityHierarchy}) {
            int status = file == null ? ExitCodes.OK : OutputTarget.check(err, "dump", file, trace);
            if (status != ExitCodes.OK) {
                return status;
            }
        }
        TraceLoader loader = pj.loader().singlePrecisionVariables(!exactValues).build();
        long t0 = System.nanoTime();
        return TraceInput.run(basics, loader, trace, null, null, loaded -> dump(loaded, t0));
    }

    /** Prints the trace as pj_dump would, with its side files. */
    private int dump(TraceLoader.Loaded loaded, long t0) throws IOException {
        if (time) { // pj_dump -t: printf("%f\n", seconds) before anything else
            Writer out = stdout();
            out.write(String.format(java.util.Locale.ROOT, "%f%n", (System.nanoTime() - t0) / 1e9));
            out.flush();
        }
        PajeHierarchy hierarchy = new PajeHierarchy(loaded.trace());
        if (dot) {
            Writer out = stdout();
            hierarchy.dot(out);
            out.flush();
            return ExitCodes.OK;
        }
        if (!containerTree) {
            writeFile(typeHierarchy, hierarchy::types);
            writeFile(entityHierarchy, hierarchy::entities);
        }
        if (quiet) {
            return ExitCodes.OK;
        }
        if (containerTree) {
            Writer out = stdout();
            new ContainerTreeWriter(out).write(loaded.trace());
            out.flush();
        } else {
            new DumpWriter(pj.lines(userDefined, header), pj.load.threads).write(loaded.trace(), Stdout.stream());
        }
        return ExitCodes.OK;
    }

    private static Writer stdout() {
        return new BufferedWriter(new OutputStreamWriter(Stdout.stream(), StandardCharsets.UTF_8), 1 << 16);
    }

    private interface Part {
        void write(Writer out) throws IOException;
    }

    /** Writes one of pj_dump's side files (safely: a temporary file renamed when complete). */
    private static void writeFile(java.nio.file.Path file, Part part) throws IOException {
        if (file == null) {
            return;
        }
        SafeOutput.writeText(file, out -> {
            part.write(out);
            return null;
        });
    }
}
