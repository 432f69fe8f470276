package dev.paje.trace;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes full buffers to the output on its own thread, so tracing threads do not wait for the disk or
 * for gzip: two buffers take turns (one filled under the tracer's lock, one being written), and a
 * tracing thread waits only when it fills its buffer before the other is written. Allocation-free after
 * construction. The first write error is kept; nothing more is written after it.
 */
final class BackgroundWriter implements Runnable {
    private final OutputStream out;
    private final Thread thread;
    // Guarded by this:
    private byte[] pending;
    private int pendingLength;
    private byte[] spare;
    private boolean closing;
    /** The thread starts with the first full buffer: a small trace never needs it. */
    private boolean started;
    private IOException failure;

    BackgroundWriter(OutputStream out, int capacity, String name) {
        this.out = out;
        this.spare = new byte[capacity];
        this.thread = new Thread(this, "paje trace writer: " + name);
        thread.setDaemon(true); // a tracer never closed must not keep the program alive
    }

    /** Hands the first {@code length} bytes of {@code full} over to be written; returns the buffer to fill next. */
    synchronized byte[] swap(byte[] full, int length) {
        if (!started) {
            started = true;
            thread.start();
        }
        awaitIdle();
        pending = full;
        pendingLength = length;
        notifyAll();
        byte[] next = spare;
        spare = null;
        return next;
    }

    /** Writes {@code length} bytes of {@code buf} once the writer is idle, then flushes the output. */
    synchronized void flush(byte[] buf, int length) throws IOException {
        awaitIdle();
        if (failure == null) {
            try {
                out.write(buf, 0, length);
                out.flush();
            } catch (IOException e) {
                failure = e;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Writes {@code length} bytes of {@code buf}, stops the thread and closes the output. */
    void close(byte[] buf, int length) throws IOException {
        try {
            flush(buf, length);
        } finally {
            boolean running;
            synchronized (this) {
                closing = true;
                running = started;
                notifyAll();
            }
            if (running) {
                join();
            }
            out.close();
        }
    }

    @Override
    public void run() {
        while (true) {
            byte[] b;
            int length;
            boolean failed;
            synchronized (this) {
                while (pending == null && !closing) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        // our own thread: only close() stops it
                    }
                }
                if (pending == null) {
                    return;
                }
                b = pending;
                length = pendingLength;
                failed = failure != null;
            }
            IOException error = null;
            try {
                if (!failed) {
                    out.write(b, 0, length); // outside the monitor: tracing threads go on filling the other buffer
                }
            } catch (IOException e) {
                error = e;
            }
            synchronized (this) {
                if (failure == null && error != null) {
                    failure = error;
                }
                spare = b;
                pending = null;
                notifyAll();
            }
        }
    }

    /** Waits until no buffer is being written; an interrupt does not cut it short (no trace data may be lost) but is kept. */
    private void awaitIdle() {
        boolean interrupted = false;
        while (pending != null) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void join() {
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
