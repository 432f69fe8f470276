package dev.paje.cli;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * Runs {@link Main#run(String...)} with System.out and System.err captured.
 *
 * <p>picocli creates its out/err writers lazily from System.out/System.err, and a new
 * {@code CommandLine} is built on every call, so replacing the streams around the call captures
 * everything the command prints. Calls are serialized: the standard streams are global.
 */
final class CliRun {
    private static final Object LOCK = new Object();

    private CliRun() {
    }

    /** What one command line did. */
    record Result(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout ---\n" + abbreviate(out) + "\n--- stderr ---\n" + abbreviate(err);
        }

        private static String abbreviate(String s) {
            return s.length() <= 4000 ? s : s.substring(0, 4000) + "\n[... " + (s.length() - 4000) + " more chars]";
        }
    }

    static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        return run(out, out, args);
    }

    /**
     * Runs with standard output written to {@code stdout} (e.g. /dev/full, through {@link Stdout#recording}
     * as {@code Main.main} does); the result's out is empty.
     */
    static Result runWithStdout(OutputStream stdout, String... args) {
        return run(Stdout.recording(stdout), null, args);
    }

    private static Result run(OutputStream stdout, ByteArrayOutputStream out, String... args) {
        synchronized (LOCK) {
            Charset cs = Charset.defaultCharset();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            PrintStream oldOut = System.out;
            PrintStream oldErr = System.err;
            PrintStream newOut = new PrintStream(stdout, true, cs);
            PrintStream newErr = new PrintStream(err, true, cs);
            int exit;
            try {
                System.setOut(newOut);
                System.setErr(newErr);
                exit = Main.run(args);
            } finally {
                newOut.flush();
                newErr.flush();
                System.setOut(oldOut);
                System.setErr(oldErr);
            }
            return new Result(exit, out == null ? "" : out.toString(cs), err.toString(cs));
        }
    }
}
