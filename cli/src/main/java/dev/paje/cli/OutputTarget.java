package dev.paje.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * Where an export goes: a file, a directory, or standard output. Checked before the trace is
 * loaded, so that a wrong path fails at once, with a message instead of a stack trace.
 */
final class OutputTarget {
    private OutputTarget() {
    }

    /** Why {@code file} cannot be written, or null when it looks writable. */
    static String checkFile(Path file) {
        if (Files.isDirectory(file)) {
            return file + ": cannot write: it is a directory, expected a file name";
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            return file + ": cannot write: no such directory " + parent;
        }
        if (Files.exists(file) ? !Files.isWritable(file) : parent != null && !Files.isWritable(parent)) {
            return file + ": cannot write: permission denied";
        }
        return null;
    }

    /** Creates {@code dir} if needed; why it cannot hold the output, or null. */
    static String prepareDirectory(Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            return dir + ": exists and is not a directory, expected a directory for the CSV files";
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            return dir + ": cannot create the directory: " + describe(e);
        }
        if (!Files.isWritable(dir)) {
            return dir + ": cannot write into the directory: permission denied";
        }
        return null;
    }

    /**
     * Checks the output {@code file} of {@code command} before the trace is loaded, so that a wrong path
     * fails at once: {@link ExitCodes#OK}, or the exit code after printing why not ({@link ExitCodes#USAGE}
     * when it is one of the {@code inputs}, which writing would destroy; {@link ExitCodes#IO} when it
     * cannot be written). Standard output is always fine.
     */
    static int check(PrintWriter err, String command, Path file, String... inputs) {
        if (SafeOutput.isStdout(file)) {
            return ExitCodes.OK;
        }
        String same = SafeOutput.sameAsInput(file, inputs);
        if (same != null) {
            err.println("paje " + command + ": " + same);
            return ExitCodes.USAGE;
        }
        String bad = checkFile(file);
        if (bad != null) {
            err.println("paje " + command + ": " + bad);
            return ExitCodes.IO;
        }
        return ExitCodes.OK;
    }

    /**
     * Prints why the output could not be written ({@code file}, or standard output when null) and
     * returns {@link ExitCodes#IO}; nothing is printed when the reader of a pipe went away.
     */
    static int writeFailed(PrintWriter err, String command, Path file, IOException e) {
        boolean stdout = SafeOutput.isStdout(file);
        if (!stdout || !Stdout.brokenPipe(e)) {
            err.println("paje " + command + ": cannot write " + (stdout ? "to standard output" : file) + ": "
                    + describe(e));
        }
        return ExitCodes.IO;
    }

    /** An I/O error in words ("permission denied", "not a directory"...), without the exception's class. */
    static String describe(IOException e) {
        String reason = reason(e);
        boolean namesFile = e instanceof FileSystemException f && f.getFile() != null && !(e instanceof AccessDeniedException)
                && !reason.equals(e.getMessage());
        return namesFile ? reason + ": " + ((FileSystemException) e).getFile() : reason;
    }

    /** The same, without the file it is about (when the caller names a better one). */
    static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        } else if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        } else if (e instanceof NotDirectoryException) {
            return "not a directory";
        } else if (e instanceof FileAlreadyExistsException) {
            return "a file is in the way";
        } else if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
