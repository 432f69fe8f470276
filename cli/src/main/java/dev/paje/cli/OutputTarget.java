package dev.paje.cli;

import java.io.IOException;
import java.io.OutputStream;
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
            return file + ": is a directory, expected a file name";
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

    /** The file, or standard output (left open; failing as soon as a write fails) when {@code file} is null. */
    static OutputStream open(Path file) throws IOException {
        return file == null ? Stdout.stream() : Files.newOutputStream(file);
    }

    /**
     * Prints why the output could not be written ({@code file}, or standard output when null) and
     * returns {@link ExitCodes#IO}; nothing is printed when the reader of a pipe went away.
     */
    static int writeFailed(java.io.PrintWriter err, String command, Path file, IOException e) {
        if (file != null || !Stdout.brokenPipe(e)) {
            err.println("paje " + command + ": cannot write " + (file == null ? "to standard output" : file) + ": "
                    + describe(e));
        }
        return ExitCodes.IO;
    }

    /** An I/O error in words ("permission denied", "not a directory"...), without the exception's class. */
    static String describe(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        } else if (e instanceof NoSuchFileException n) {
            return "no such file or directory: " + n.getFile();
        } else if (e instanceof NotDirectoryException n) {
            return "not a directory: " + n.getFile();
        } else if (e instanceof FileAlreadyExistsException n) {
            return "a file is in the way: " + n.getFile();
        } else if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason() + (f.getFile() != null ? ": " + f.getFile() : "");
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
