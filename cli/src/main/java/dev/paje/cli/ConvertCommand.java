package dev.paje.cli;

import dev.paje.export.CutOptions;
import dev.paje.export.TraceCut;
import dev.paje.export.UserFieldTypes;
import dev.paje.imports.ImportException;
import dev.paje.imports.Importer;
import dev.paje.imports.Importers;
import dev.paje.imports.PajeText;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code paje convert}: any trace we read (OTF2, JFR, Pajé) as a Pajé trace that every Pajé tool reads. */
@Command(name = "convert", sortOptions = false,
        exitCodeList = {"0:the trace was written", "1:the input is not a valid trace of its format"})
final class ConvertCommand implements Callable<Integer> {
    @Parameters(paramLabel = "TRACE", description = "The trace: an OTF2 anchor file, a JFR recording or a Pajé trace ('-': standard input, Pajé only).")
    String trace;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = {"Where to write the Pajé trace (default, or '-': standard output);",
        "replaced only once complete. It cannot be TRACE itself."})
    Path output;

    @Mixin
    TraceCommand command;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = command.err();
        int unsafe = OutputTarget.check(err, "convert", output, trace);
        if (unsafe != ExitCodes.OK) {
            return unsafe;
        }
        if (!TraceInput.readable(trace, err)) {
            return ExitCodes.IO;
        }
        Importer importer = trace.equals("-") ? null : Importers.detect(Path.of(trace), Importers.all());
        return importer == null ? rewrite() : imported(importer, err);
    }

    /** Streams the importer's events to the output: nothing of the trace is held. */
    private int imported(Importer importer, PrintWriter err) {
        try (SafeOutput target = SafeOutput.open(output)) {
            OutputStream out = new BufferedOutputStream(target.stream(), 1 << 16);
            PajeText text = new PajeText(out);
            try {
                importer.convert(Path.of(trace), text);
            } catch (ImportException e) {
                err.println("paje convert: " + e.describe());
                return ExitCodes.TRACE;
            } catch (IOException e) {
                err.println("paje convert: " + trace + ": cannot read: " + OutputTarget.describe(e));
                return ExitCodes.IO;
            }
            text.flush();
            out.flush();
            target.commit();
        } catch (IOException e) {
            return OutputTarget.writeFailed(err, "convert", output, e);
        } catch (UncheckedIOException e) {
            return OutputTarget.writeFailed(err, "convert", output, e.getCause());
        }
        return ExitCodes.OK;
    }

    /** A Pajé trace: checked, then written again whole (as {@code paje cut} over its full time span). */
    private int rewrite() {
        return command.run(command.loader().build(), trace, output, null, loaded -> SafeOutput.writeText(output, out -> {
            Map<String, String> types = trace.equals("-") ? Map.of() : UserFieldTypes.of(Path.of(trace));
            new TraceCut(loaded.trace(), new CutOptions(loaded.trace().start(), loaded.trace().end()), types).write(out);
            return ExitCodes.OK;
        }));
    }
}
