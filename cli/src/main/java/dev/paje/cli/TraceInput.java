package dev.paje.cli;

import dev.paje.TraceLoader;
import dev.paje.read.Problem;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Opens the trace argument of a command: a file, or standard input for "-". */
final class TraceInput {
    private TraceInput() {
    }

    /** Whether {@code arg} names a file that can be read (or stdin); prints why not. */
    static boolean readable(String arg, PrintWriter err) {
        if (arg == null || arg.equals("-")) {
            return true;
        }
        Path path = Path.of(arg);
        if (!Files.exists(path)) {
            err.println("paje: " + arg + ": no such file");
            return false;
        }
        if (Files.isDirectory(path)) {
            err.println("paje: " + arg + ": is a directory, expected a trace file");
            return false;
        }
        return true;
    }

    /** Loads {@code arg}; returns null after printing a message when the file cannot be read (exit code 4). */
    static TraceLoader.Loaded load(TraceLoader loader, String arg, PrintWriter err) {
        try {
            if (!readable(arg, err)) {
                return null;
            }
            TraceLoader.Loaded loaded = arg == null || arg.equals("-")
                    ? loader.load(System.in, "<stdin>", Path.of("").toAbsolutePath())
                    : loader.load(Path.of(arg));
            for (String notice : loaded.notices()) {
                err.println("paje: warning: " + notice);
            }
            return loaded;
        } catch (IOException e) {
            err.println("paje: " + arg + ": cannot read: " + OutputTarget.describe(e));
            return null;
        }
    }

    /** A trace a command can work on, or the exit code that ends the command. */
    record Opened(TraceLoader.Loaded loaded, int exit) {
        boolean failed() {
            return loaded == null;
        }
    }

    /**
     * Loads {@code arg} for a command that needs a valid trace. When it cannot be read (exit 4) or has
     * problems (exit 1: the problems are printed, then {@code nothingDone} when it is not null),
     * the result {@link Opened#failed() failed}.
     */
    static Opened valid(TraceLoader loader, String arg, PrintWriter err, String nothingDone) {
        TraceLoader.Loaded loaded = load(loader, arg, err);
        if (loaded == null) {
            return new Opened(null, ExitCodes.IO);
        }
        if (!loaded.valid()) {
            loaded.problems().forEach(p -> print(p, err));
            if (nothingDone != null) {
                err.println(nothingDone);
            }
            return new Opened(null, ExitCodes.TRACE);
        }
        return new Opened(loaded, ExitCodes.OK);
    }

    /** What a command does with a valid trace: its exit code; writing its output may fail. */
    @FunctionalInterface
    interface Work {
        int on(TraceLoader.Loaded loaded) throws IOException;
    }

    /**
     * The frame of a command over one valid trace: {@link #valid} (a failure ends the command with its code),
     * then {@code work}; an I/O error writing the {@code output} (null: standard output) is reported as such (exit 4).
     */
    static int run(CommandBasics command, TraceLoader loader, String arg, Path output, String nothingDone, Work work) {
        PrintWriter err = command.err();
        Opened in = valid(loader, arg, err, nothingDone);
        if (in.failed()) {
            return in.exit();
        }
        try {
            return work.on(in.loaded());
        } catch (IOException e) {
            return OutputTarget.writeFailed(err, command.name(), output, e);
        } catch (UncheckedIOException e) {
            return OutputTarget.writeFailed(err, command.name(), output, e.getCause());
        }
    }

    static void print(Problem p, PrintWriter err) {
        err.println(p.format());
    }
}
