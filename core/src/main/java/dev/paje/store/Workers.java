package dev.paje.store;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Work handed to other threads as part of I/O (dumping, building summaries): pools of daemon threads
 * (they never keep the JVM alive), and waiting for a task, what it threw coming out as it was.
 */
public final class Workers {
    private Workers() {
    }

    /** A pool of {@code threads} daemon threads named {@code name}. */
    public static ExecutorService pool(int threads, String name) {
        return Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * The result of {@code f}; its task's unchecked exception or error rethrown as it is, a checked one
     * as the cause of an IOException; an interrupt as "interrupted while {@code doing}".
     */
    public static <T> T get(Future<T> f, String doing) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while " + doing);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IOException(e.getCause());
        }
    }
}
