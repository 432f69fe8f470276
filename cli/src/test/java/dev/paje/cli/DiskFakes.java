package dev.paje.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.function.UnaryOperator;

/** Disks that misbehave, put under the commands' outputs through {@link SafeOutput#writeFilter}. */
final class DiskFakes {
    private DiskFakes() {
    }

    /** A disk with {@code room} bytes free: the write that needs more fails as a full file system does (ENOSPC). */
    static UnaryOperator<OutputStream> full(long room) {
        return out -> new FilterOutputStream(out) {
            private long left = room;

            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                int fits = (int) Math.min(len, left);
                out.write(b, off, fits);
                left -= fits;
                if (fits < len) {
                    throw new IOException("No space left on device");
                }
            }
        };
    }

    /** A disk writing {@code chunk} bytes every {@code millis} ms: slow enough to kill a command while it writes. */
    static UnaryOperator<OutputStream> slow(int chunk, long millis) {
        return out -> new FilterOutputStream(out) {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                for (int i = 0; i < len; i += chunk) {
                    out.write(b, off + i, Math.min(chunk, len - i));
                    out.flush(); // onto the disk now: the file grows while the command runs
                    try {
                        Thread.sleep(millis);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IOException("interrupted", e);
                    }
                }
            }
        };
    }

    /** {@code paje ARGS} with a slow disk under its output: the child JVM the kill test kills while it writes. */
    static final class SlowDiskMain {
        private SlowDiskMain() {
        }

        public static void main(String[] args) {
            SafeOutput.writeFilter = slow(1024, 20);
            System.exit(Main.run(args));
        }
    }
}
