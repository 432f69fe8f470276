package dev.paje.cli;

import dev.paje.dump.DumpWriter;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code paje dump-csv}: PajeNG's {@code pj_dump_csv}, pj_dump's lines in five files, one per kind. */
@Command(name = "dump-csv", sortOptions = false, versionProvider = Version.class,
        exitCodeList = {"0:the five files were written", "1:the trace has a problem (the first one printed on stderr)"})
final class DumpCsvCommand implements Callable<Integer> {
    /** The files, as pj_dump_csv names them, with its header lines. */
    private static final Map<DumpWriter.Kind, String[]> FILES = new EnumMap<>(Map.of(
            DumpWriter.Kind.CONTAINER, new String[] {"container", "Container, Parent, Type, Start, End, Duration, Name"},
            DumpWriter.Kind.STATE, new String[] {"state", "State, Container, Type, Start, End, Duration, Imbrication, Value"},
            DumpWriter.Kind.VARIABLE, new String[] {"variable", "Variable, Container, Type, Start, End, Duration, Value"},
            DumpWriter.Kind.EVENT, new String[] {"event", "Event, Container, Type, Time, Value"},
            DumpWriter.Kind.LINK, new String[] {"link", "Link, Container, Type, Start, End, Duration, Value, StartContainer, EndContainer"}));

    @Parameters(arity = "0..1", paramLabel = "TRACE", description = "Trace file; '-' or nothing reads standard input.")
    String trace;

    @Option(names = {"-p", "--prefix"}, required = true, paramLabel = "PREFIX", description = "Prefix of the five file names (required).")
    String prefix;

    @Mixin
    PjDumpOptions pj;

    @Option(names = {"-f", "--flex"}, description = "Accepted for pj_dump_csv's scripts; does nothing.")
    boolean flex;

    @Option(names = {"-v", "--version"}, versionHelp = true, description = "Print paje's version and exit.")
    boolean version;

    @Mixin
    CommandBasics basics;

    @Override
    public Integer call() {
        PrintWriter err = basics.err();
        if (basics.refused(pj.check())) {
            return ExitCodes.USAGE;
        }
        Map<DumpWriter.Kind, Path> files = new EnumMap<>(DumpWriter.Kind.class);
        FILES.forEach((kind, file) -> files.put(kind, Path.of(prefix + "." + file[0] + ".csv").toAbsolutePath()));
        Path dir = files.get(DumpWriter.Kind.CONTAINER).getParent();
        for (Path file : files.values()) {
            String same = SafeOutput.sameAsInput(file, trace);
            if (same != null) {
                err.println("paje dump-csv: " + same);
                return ExitCodes.USAGE;
            }
        }
        if (!Files.isDirectory(dir)) {
            err.println("paje dump-csv: --prefix " + prefix + ": cannot write: no such directory " + dir);
            return ExitCodes.IO;
        }
        TraceInput.Opened in = TraceInput.valid(pj.loader().singlePrecisionVariables(true).build(), trace, err, null);
        if (in.failed()) {
            return in.exit();
        }
        try (SafeDirectory target = SafeDirectory.open(dir)) {
            write(in.loaded().trace(), target.temp(), files);
            List<String> names = new ArrayList<>();
            files.values().forEach(f -> names.add(f.getFileName().toString()));
            target.commit(names);
        } catch (IOException e) {
            err.println("paje dump-csv: cannot write " + prefix + ".*.csv: " + OutputTarget.describe(e));
            return ExitCodes.IO;
        }
        return ExitCodes.OK;
    }

    /** The five files into {@code temp}: each header line, then the lines of its kind in pj_dump's order. */
    private void write(dev.paje.store.Trace t, Path temp, Map<DumpWriter.Kind, Path> files) throws IOException {
        Map<DumpWriter.Kind, OutputStream> outs = new EnumMap<>(DumpWriter.Kind.class);
        try {
            for (Map.Entry<DumpWriter.Kind, Path> e : files.entrySet()) {
                OutputStream o = new BufferedOutputStream(Files.newOutputStream(temp.resolve(e.getValue().getFileName())), 1 << 16);
                outs.put(e.getKey(), o);
                o.write((FILES.get(e.getKey())[1] + "\n").getBytes(StandardCharsets.US_ASCII));
            }
            new DumpWriter(pj.lines(false, false), pj.load.threads).write(t, outs);
        } finally {
            IOException first = null;
            for (OutputStream o : outs.values()) {
                try {
                    o.close();
                } catch (IOException e) {
                    first = first == null ? e : first;
                }
            }
            if (first != null) {
                throw first;
            }
        }
    }
}
