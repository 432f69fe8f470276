package dev.paje.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * Standard output, with its write errors seen. {@link System#out} is a {@code PrintStream}, which
 * swallows them: {@code paje dump > /dev/full} would end with exit code 0. Commands write through
 * {@link #stream()}, which fails as soon as System.out has failed, and {@link Main#run} checks
 * System.out at the end, so a command whose output was lost exits with {@link ExitCodes#IO}.
 */
final class Stdout {
    /** The last write error on the stream {@link #recording} wraps (System.out after {@link #install}). */
    private static volatile IOException lastError;

    private Stdout() {
    }

    /** Replaces System.out by the same stream with its errors recorded, so that messages can say why. */
    static void install() {
        String encoding = System.getProperty("stdout.encoding", System.getProperty("sun.stdout.encoding"));
        Charset cs = encoding == null ? Charset.defaultCharset() : Charset.forName(encoding);
        System.setOut(new PrintStream(new java.io.BufferedOutputStream(
                recording(new FileOutputStream(FileDescriptor.out)), 1 << 13), true, cs));
    }

    /** {@code out}, remembering its last write error for {@link #failure()}. */
    static OutputStream recording(OutputStream out) {
        lastError = null;
        return new FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                try {
                    out.write(b, off, len);
                } catch (IOException e) {
                    lastError = e;
                    throw e;
                }
            }

            @Override
            public void flush() throws IOException {
                try {
                    out.flush();
                } catch (IOException e) {
                    lastError = e;
                    throw e;
                }
            }
        };
    }

    /** Standard output as a stream that throws once a write has failed; closing it only flushes. */
    static OutputStream stream() {
        PrintStream out = System.out;
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                out.write(b);
                check();
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
                check();
            }

            @Override
            public void flush() throws IOException {
                check(); // checkError flushes
            }

            @Override
            public void close() throws IOException {
                flush();
            }

            private void check() throws IOException {
                if (out.checkError()) {
                    throw error();
                }
            }
        };
    }

    /** Whether System.out has failed (after flushing it). */
    static boolean failed() {
        return System.out.checkError();
    }

    /** The error System.out ran into, as a new exception (it may be thrown twice: by a write, then by a close). */
    static IOException error() {
        IOException e = lastError;
        return e != null ? new IOException(e.getMessage(), e) : new IOException("write error");
    }

    /** Whether {@code e} says the reader of the pipe went away ({@code paje dump | head}): no message for that. */
    static boolean brokenPipe(IOException e) {
        return e.getMessage() != null && e.getMessage().contains("Broken pipe");
    }
}
