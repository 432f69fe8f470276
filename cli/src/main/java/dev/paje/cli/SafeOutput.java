package dev.paje.cli;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.UnaryOperator;

/**
 * One output file of a command, written so that a failure never leaves a partial or destroyed file.
 * A regular file (or a new one) is written to a temporary file in its directory, synced, and renamed
 * over it only when complete: a failure, a full disk or a kill leaves the previous content (or no
 * file). A special file (pipe, device) or standard output is written in place, streaming: it cannot
 * be replaced. Use: {@code SafeOutput.write(path, out -> ...)}, or {@code try (SafeOutput o = SafeOutput.open(path)) {
 * write(o.stream()); o.commit(); }}.
 */
final class SafeOutput implements Closeable {
    /** Wraps every stream opened (tests put a full or a slow disk here); the identity otherwise. */
    static volatile UnaryOperator<OutputStream> writeFilter = UnaryOperator.identity();

    private final Path target;
    private final Path temp;
    private final FileChannel channel;
    private final OutputStream stream;
    private final OutputStream unclosable;
    private boolean committed;

    private SafeOutput(Path target, Path temp, FileChannel channel, OutputStream stream) {
        this.target = target;
        this.temp = temp;
        this.channel = channel;
        this.stream = stream;
        this.unclosable = new FilterOutputStream(stream) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush(); // writers close what they were given (Jackson does): the file stays open for commit
            }
        };
    }

    /** Whether {@code output} means standard output: no -o, or "-o -". */
    static boolean isStdout(Path output) {
        return output == null || output.toString().equals("-");
    }

    /**
     * Why {@code output} must not be written, or null: it is the same file as one of the {@code inputs}
     * (through a symbolic or a hard link too), which writing would destroy. Inputs "-" and null are stdin.
     */
    static String sameAsInput(Path output, String... inputs) {
        if (isStdout(output)) {
            return null;
        }
        for (String input : inputs) {
            if (input == null || input.equals("-")) {
                continue;
            }
            Path in = Path.of(input);
            try {
                if (Files.exists(output) && Files.exists(in) && Files.isSameFile(output, in)) {
                    return output + " is the input " + input + " itself: writing it would destroy the input;"
                            + " write the output elsewhere";
                }
            } catch (IOException e) {
                return output + ": cannot compare with the input " + input + ": " + OutputTarget.describe(e);
            }
        }
        return null;
    }

    /** Opens {@code output} (standard output when it {@link #isStdout is}); nothing is replaced before {@link #commit}. */
    static SafeOutput open(Path output) throws IOException {
        if (isStdout(output)) {
            return new SafeOutput(null, null, null, writeFilter.apply(Stdout.stream()));
        }
        // Through a symbolic link, the file it points to is written, the link kept.
        Path target = Files.exists(output) ? output.toRealPath() : output.toAbsolutePath();
        if (Files.isDirectory(target)) {
            throw new IOException("is a directory, expected a file name");
        }
        if (Files.exists(target) && !Files.isRegularFile(target)) {
            return new SafeOutput(null, null, null, writeFilter.apply(Files.newOutputStream(target, StandardOpenOption.WRITE)));
        }
        Path temp = temporaryName(target);
        FileChannel channel;
        try {
            // CREATE_NEW with no attributes: the mode the umask gives, unlike Files.createTempFile's 0600.
            channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new IOException("cannot create a file in " + target.getParent() + ": " + OutputTarget.reason(e), e);
        }
        return new SafeOutput(target, temp, channel, writeFilter.apply(Channels.newOutputStream(channel)));
    }

    /** What writes one output into {@code out}; its result goes back to the command. */
    @FunctionalInterface
    interface Body<S, T> {
        T write(S out) throws IOException;
    }

    /** Writes {@code output} through {@code body} into a buffered stream, then commits it: the one try-flush-commit. */
    static <T> T write(Path output, Body<OutputStream, T> body) throws IOException {
        try (SafeOutput target = open(output)) {
            OutputStream out = new BufferedOutputStream(target.stream(), 1 << 16);
            T result = body.write(out);
            out.flush();
            target.commit();
            return result;
        }
    }

    /** The same as UTF-8 text. */
    static <T> T writeText(Path output, Body<Writer, T> body) throws IOException {
        return write(output, stream -> {
            Writer out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
            T result = body.write(out);
            out.flush();
            return result;
        });
    }

    /** A hidden name next to {@code target}, unique to this process and call (same file system: the rename is atomic). */
    static Path temporaryName(Path target) {
        return target.resolveSibling("." + target.getFileName() + "." + ProcessHandle.current().pid() + "."
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
    }

    /** Where to write; closing it only flushes it, and does not commit. */
    OutputStream stream() {
        return unclosable;
    }

    /** Finishes the output: flushes it, and for a regular file syncs the temporary file and renames it into place. */
    void commit() throws IOException {
        stream.flush();
        if (temp == null) {
            stream.close();
            committed = true;
            return;
        }
        channel.force(true);
        stream.close();
        keepPermissions(target, temp);
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        committed = true;
        syncDirectory(target.getParent());
    }

    /** Without a {@link #commit}, removes the temporary file: the target keeps its previous content. */
    @Override
    public void close() throws IOException {
        if (committed) {
            return;
        }
        try {
            stream.close();
        } catch (IOException e) {
            // the write already failed: that error is the one reported
        } finally {
            if (temp != null) {
                Files.deleteIfExists(temp);
            }
        }
    }

    /** A file replaced keeps its mode (a script stays executable, a private file private). */
    static void keepPermissions(Path target, Path temp) throws IOException {
        if (Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)
                && Files.getFileAttributeView(target, PosixFileAttributeView.class) != null) {
            Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(target));
        }
    }

    /** Makes the rename durable; best effort, as not every file system can sync a directory. */
    static void syncDirectory(Path dir) {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException e) {
            // the data is in place; only its durability across a power loss is not guaranteed
        }
    }
}
