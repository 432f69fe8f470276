package dev.paje.cli;

import dev.paje.export.CsvExport;
import dev.paje.store.Trace;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code paje export}: a trace in formats other tools read (CSV for R and pandas, JSON, Chrome/Perfetto). */
@Command(name = "export", sortOptions = false,
        header = "Write the trace as CSV, JSON or Chrome trace events (Perfetto).",
        description = {"Write a whole trace in another format, streamed while walking it:",
            "  csv     five files in directory -o DIR (containers, states, events, variables,",
            "          links .csv): pj_dump's columns plus one per user field; for R, pandas",
            "  json    the type tree (values, colors), the container tree, every entity",
            "  chrome  Chrome's Trace Event Format, for Perfetto and chrome://tracing:",
            "          top-level containers are processes, the others threads; microseconds",
            "Names lose the quotes Pajé needs around spaces; numbers keep full precision."},
        footer = {"", "Example:", "  paje export run.trace -f csv -o run-csv"},
        exitCodeList = {"0:the export was written"})
final class ExportCommand implements Callable<Integer> {
    /** The formats, as typed on the command line. */
    enum Format { csv, json, chrome }

    @Parameters(paramLabel = "TRACE", description = "Trace file; '-' reads standard input.")
    String trace;

    @Option(names = {"-f", "--format"}, required = true, paramLabel = "FORMAT",
            description = "csv, json or chrome.")
    Format format;

    @Option(names = {"-o", "--output"}, paramLabel = "PATH",
            description = {"csv: the directory for the files (created if needed; required).",
                "json, chrome: the file to write (default, or '-': standard output).",
                "Files are replaced only once complete; none may be TRACE itself."})
    Path output;

    @Mixin
    LoadOptions load;

    @Mixin
    CommandBasics basics;

    @Override
    public Integer call() {
        PrintWriter err = basics.err();
        if (format == Format.csv && output == null) {
            err.println("paje export: --format csv writes five files: give their directory with -o DIR");
            return 2;
        }
        int unsafe = format == Format.csv ? checkDirectory(err) : OutputTarget.check(err, "export", output, trace);
        if (unsafe != ExitCodes.OK) {
            return unsafe;
        }
        return TraceInput.run(basics, load.builder().build(), trace, output, null, loaded -> write(loaded.trace()));
    }

    /** The CSV directory: none of its files may be the trace; created if needed. */
    private int checkDirectory(PrintWriter err) {
        for (String name : CsvExport.FILES) {
            String same = SafeOutput.sameAsInput(output.resolve(name), trace);
            if (same != null) {
                err.println("paje export: " + same);
                return ExitCodes.USAGE;
            }
        }
        String bad = OutputTarget.prepareDirectory(output);
        if (bad != null) {
            err.println("paje export: " + bad);
            return ExitCodes.IO;
        }
        return ExitCodes.OK;
    }

    private int write(Trace t) throws IOException {
        if (format == Format.csv) {
            try (SafeDirectory dir = SafeDirectory.open(output)) {
                new CsvExport(t).write(dir.temp());
                dir.commit(CsvExport.FILES);
            }
            return ExitCodes.OK;
        }
        return SafeOutput.write(output, out -> {
            switch (format) {
                case json -> new JsonExport(t).write(out);
                case chrome -> new ChromeExport(t).write(out);
                default -> throw new IllegalStateException("unreachable: " + format);
            }
            return ExitCodes.OK;
        });
    }
}
