package dev.paje.imports.otf2;

import dev.paje.imports.ImportException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * The merge by time on a thread of its own, its output cut into {@link Window}s for the simulating thread: the
 * merge and the simulation use two cores. A few windows circulate (memory stays bounded); the merging thread
 * waits for a free one when the simulation lags.
 */
final class Windows implements Merge.Runs, AutoCloseable {
    /** Lines per window: enough that a location's lines in a row fill the cache, few enough to stay in it. */
    static final int EVENTS = 1 << 12;
    private static final int COUNT = 3;
    private static final Window END = new Window();

    /** What merges the trace into the given runs (the importer's decode). */
    interface Producer {
        void run(Merge.Runs runs) throws ImportException, IOException;
    }

    private final BlockingQueue<Window> full = new ArrayBlockingQueue<>(COUNT + 1); // every window and END fit
    private final BlockingQueue<Window> free = new ArrayBlockingQueue<>(COUNT);
    private final Thread thread;
    private final int events;
    private volatile Throwable failure;
    private Window filling;
    private long next;

    /** {@code events}: lines per window (the last may have fewer, any may have a run more). */
    Windows(Producer producer, int events) {
        this.events = events;
        for (int i = 0; i < COUNT; i++) {
            free.add(new Window());
        }
        thread = new Thread(() -> {
            try {
                producer.run(this);
                if (filling != null && filling.runs > 0) {
                    full.add(filling);
                }
            } catch (Throwable t) { // handed to the simulating thread, which rethrows it
                failure = t;
            } finally {
                full.add(END);
            }
        }, "paje-otf2-merge");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void run(Merge.Head head, Batch batch, int from, int to) throws IOException {
        try {
            if (filling == null) {
                filling = free.take();
            }
            filling.add(head.index, (EventBatch) batch, from, to, next);
            next += to - from;
            if (filling.events >= events) {
                full.add(filling);
                filling = null;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("merge cancelled");
        }
    }

    /** The next window in trace order, or null after the last; rethrows what stopped the merge. */
    Window take() throws ImportException, IOException {
        Window w;
        try {
            w = full.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading the OTF2 events");
        }
        if (w != END) {
            return w;
        }
        full.add(END); // for a later call
        Throwable f = failure;
        if (f instanceof ImportException e) {
            throw e;
        } else if (f instanceof IOException e) {
            throw e;
        } else if (f instanceof RuntimeException e) {
            throw e;
        } else if (f instanceof Error e) {
            throw e;
        }
        return null;
    }

    /** Gives a window back once simulated. */
    void release(Window w) {
        w.clear();
        free.add(w);
    }

    /** Stops the merge if it still runs (the simulation failed) and waits for its thread. */
    @Override
    public void close() throws InterruptedIOException {
        thread.interrupt();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while stopping the OTF2 merge");
        }
    }
}
