package dev.paje.cli;

import dev.paje.export.CsvExport;
import dev.paje.export.ParquetExport;
import dev.paje.export.parquet.Codec;
import dev.paje.export.parquet.ParquetOptions;
import dev.paje.sql.ZstdPages;
import dev.paje.store.Trace;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code paje export}: a trace in formats other tools read (CSV for R and pandas, JSON, Chrome/Perfetto). */
@Command(name = "export", sortOptions = false,
        exitCodeList = {"0:the export was written"})
final class ExportCommand implements Callable<Integer> {
    /** The formats, as typed on the command line. */
    enum Format { csv, json, chrome, parquet }

    @Parameters(paramLabel = "TRACE", description = "Trace file; '-' reads standard input.")
    String trace;

    @Option(names = {"-f", "--format"}, required = true, paramLabel = "FORMAT",
            description = "csv, parquet, json or chrome.")
    Format format;

    @Option(names = {"-o", "--output"}, paramLabel = "PATH",
            description = {"csv, parquet: the directory for the files (created if needed; required).",
                "json, chrome: the file to write (default, or '-': standard output).",
                "Files are replaced only once complete; none may be TRACE itself."})
    Path output;

    /** Parquet's page compression, as typed on the command line. */
    enum Compression { gzip, zstd, none }

    /** Null when not given: zstd, or gzip where zstd's native library does not load. */
    @Option(names = "--compression", paramLabel = "CODEC",
            description = "parquet: zstd (default; gzip where zstd does not load), gzip (as small, slower) or none "
                    + "(fastest, largest).")
    Compression compression;

    @Mixin
    TraceCommand command;

    @Override
    public Integer call() {
        PrintWriter err = command.err();
        if (format == Format.csv && output == null) {
            err.println("paje export: --format csv writes five files: give their directory with -o DIR");
            return 2;
        }
        if (format == Format.parquet && output == null) {
            err.println("paje export: --format parquet writes seven files: give their directory with -o DIR");
            return 2;
        }
        String noZstd = format == Format.parquet && compression != Compression.gzip && compression != Compression.none
                ? ZstdPages.unavailable() : null;
        if (noZstd != null && compression == Compression.zstd) {
            err.println("paje export: --compression zstd: " + noZstd + "; use --compression gzip");
            return 2;
        }
        if (compression == null) {
            if (noZstd != null) {
                err.println("paje export: warning: " + noZstd + ": writing gzip pages");
            }
            compression = noZstd == null ? Compression.zstd : Compression.gzip;
        }
        if (format == Format.csv || format == Format.parquet) {
            int unsafe = checkDirectory(err, format == Format.csv ? CsvExport.FILES : ParquetExport.FILES);
            return unsafe != ExitCodes.OK ? unsafe : command.run(command.loader().build(), trace, output, null, loaded -> write(loaded.trace()));
        }
        return command.write(command.loader().build(), trace, output, null, loaded -> write(loaded.trace()));
    }

    /** The CSV directory: none of its files may be the trace; created if needed. */
    private int checkDirectory(PrintWriter err, List<String> files) {
        for (String name : files) {
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
        if (format == Format.parquet) {
            try (SafeDirectory dir = SafeDirectory.open(output)) {
                ParquetOptions options = switch (compression) {
                    case none -> ParquetOptions.DEFAULT.withCodec(Codec.NONE);
                    case gzip -> ParquetOptions.DEFAULT;
                    case zstd -> ZstdPages.zstd(ParquetOptions.DEFAULT);
                };
                new ParquetExport(t, options).write(dir.temp(),
                        Runtime.getRuntime().availableProcessors());
                dir.commit(ParquetExport.FILES);
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
