package dev.paje.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code paje spark}: the Spark jobs from the command line ({@code ./paje spark ...} in {@code local[*]},
 * or {@code spark-submit --class dev.paje.spark.SparkMain} on a cluster). Errors are one line on stderr,
 * {@code paje spark: FILE: message}, with paje's exit codes: 1 bad trace, 2 usage, 4 I/O, 70 a bug.
 */
@Command(name = "paje spark", mixinStandardHelpOptions = true, resourceBundle = "dev.paje.spark.help", // help texts
        subcommands = {SparkConvertCommand.class, SparkStatsCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:the trace has problems (FILE: byte N: message)", "2:wrong usage",
            "4:I/O error: the input cannot be read, or the output cannot be written",
            "70:a bug in paje (an unexpected exception): please report it"})
public final class SparkMain implements Runnable {
    static final int TRACE = 1;
    static final int USAGE = 2;
    static final int IO = 4;
    static final int INTERNAL = 70;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs one command line; the exit code. */
    public static int run(String... args) {
        CommandLine cl = new CommandLine(new SparkMain());
        cl.setExecutionExceptionHandler((e, line, parsed) -> report(line, e));
        return cl.execute(args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is needed: convert or stats");
    }

    /** The one-line message and exit code of what a job threw (Spark wraps a task's exception in its own). */
    private static int report(CommandLine line, Exception e) {
        Throwable root = e;
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConvertException || t instanceof IOException || t instanceof UsageException) {
                root = t;
                break;
            }
            root = t;
        }
        if (root instanceof UncheckedIOException u) {
            root = u.getCause();
        }
        String message;
        int code;
        if (root instanceof ConvertException) {
            message = root.getMessage();
            code = TRACE;
        } else if (root instanceof UsageException) {
            message = root.getMessage();
            code = USAGE;
        } else if (root instanceof IOException io) {
            message = ioMessage(io);
            code = IO;
        } else {
            message = "internal error (please report it): " + root;
            code = INTERNAL;
        }
        line.getErr().println("paje spark: " + message.lines().findFirst().orElse(""));
        line.getErr().flush();
        return code;
    }

    static String ioMessage(IOException e) {
        String file = e instanceof java.nio.file.FileSystemException f ? f.getFile() : null;
        String what = e instanceof NoSuchFileException ? "no such file or directory"
                : e instanceof AccessDeniedException ? "permission denied"
                : e instanceof FileAlreadyExistsException ? "already exists"
                : e instanceof NotDirectoryException ? "not a directory"
                : e.getMessage();
        return file == null ? String.valueOf(what) : file + ": " + what;
    }

    /**
     * The session: the one already running (spark-submit's, or a test's), else a new one on
     * {@code master} ({@code local[*]} when neither it nor spark-submit's spark.master says where).
     * True in {@code created} when the caller must stop it.
     */
    static SparkSession session(String master, String app, boolean[] created) {
        SparkSession active = SparkSession.getActiveSession().getOrElse(() -> SparkSession.getDefaultSession().getOrElse(() -> null));
        if (active != null) {
            created[0] = false;
            return active;
        }
        SparkSession.Builder b = SparkSession.builder().appName(app).config("spark.ui.enabled", "false");
        if (master != null) {
            b.master(master);
        } else if (System.getProperty("spark.master") == null) {
            b.master("local[*]");
        }
        created[0] = true;
        return b.getOrCreate();
    }

    /** Wrong usage found after parsing (an output that is a file, a directory without tables). */
    static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }
}
