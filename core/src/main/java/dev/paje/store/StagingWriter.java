package dev.paje.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Writes full staging buffers of stores being written, on one background thread: the kernel's copy of the
 * bytes into the page cache was a fifth of the simulating thread's CPU on a first load (perf, bench/RESULTS.md).
 * A store has at most one buffer here at a time, and its slots are allocated by the writer as before: the file's
 * layout does not depend on timing.
 */
final class StagingWriter {
    private static final ExecutorService THREAD = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "paje-store-writer");
        t.setDaemon(true);
        return t;
    });

    /** Run by the background thread before each write (tests: a slow disk, so that writes are caught in flight). */
    static volatile Runnable beforeWrite;

    private StagingWriter() {
    }

    /** Writes {@code buf} (position to limit) at {@code at} of {@code channel} in the background. */
    static Future<?> write(FileChannel channel, ByteBuffer buf, long at) {
        return THREAD.submit(() -> {
            Runnable hook = beforeWrite;
            if (hook != null) {
                hook.run();
            }
            long pos = at;
            while (buf.hasRemaining()) {
                pos += channel.write(buf, pos);
            }
            return null;
        });
    }

    /** Waits for {@code write}; its I/O error is thrown here, on the writer's thread. */
    static void await(Future<?> write) throws IOException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    write.get();
                    return;
                } catch (InterruptedException e) {
                    interrupted = true; // the write goes on regardless: wait for it, then keep the interrupt
                }
            }
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof IOException io) {
                throw io;
            }
            if (c instanceof UncheckedIOException u) {
                throw u.getCause();
            }
            if (c instanceof RuntimeException r) {
                throw r;
            }
            if (c instanceof Error err) {
                throw err;
            }
            throw new IOException(c);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
