package dev.paje.imports.otf2;

import dev.paje.imports.ImportException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.Executor;

/**
 * A location's batches between its decoder (run by a worker, one batch per task) and the merge: at most
 * {@link #AHEAD} batches wait, so memory stays bounded whatever the trace's length. Tasks never block,
 * so a few workers serve any number of locations.
 */
final class LocationStream implements Merge.Source {
    static final int AHEAD = 2;

    private final LocationDecoder decoder;
    private final Executor workers;
    private final int budget;
    private final boolean suspend;
    private final ArrayDeque<Batch> ready = new ArrayDeque<>();
    private boolean running;
    private boolean finished;
    private volatile boolean cancelled;
    private Throwable failure;

    /** {@code suspend}: close the location's file between batches (archives of many locations). */
    LocationStream(LocationDecoder decoder, Executor workers, int budget, boolean suspend) {
        this.decoder = decoder;
        this.workers = workers;
        this.budget = budget;
        this.suspend = suspend;
    }

    LocationDecoder decoder() {
        return decoder;
    }

    synchronized void schedule() {
        if (!running && !finished && !cancelled && ready.size() < AHEAD) {
            running = true;
            workers.execute(this::step);
        }
    }

    private void step() {
        Batch b = null;
        Throwable f = null;
        boolean end;
        try {
            b = cancelled ? null : decoder.next(budget, suspend);
            end = cancelled || decoder.done();
        } catch (ImportException | IOException | RuntimeException | Error e) {
            f = e; // an Error too: a worker that died silently would leave the merge waiting forever
            end = true;
        }
        synchronized (this) {
            if (b != null && b.lines > 0) {
                ready.add(b);
            }
            finished = end;
            if (f != null) {
                failure = f;
            }
            running = false;
            notifyAll();
        }
        schedule();
    }

    /** The next batch in time order, or null when the location has no more events. */
    @Override
    public Batch take() throws ImportException, IOException, InterruptedException {
        Batch b;
        synchronized (this) {
            while (ready.isEmpty() && !finished && failure == null) {
                wait();
            }
            if (failure != null) {
                rethrow(failure);
            }
            b = ready.poll();
        }
        schedule();
        return b;
    }

    private static void rethrow(Throwable f) throws ImportException, IOException {
        if (f instanceof ImportException e) {
            throw e;
        }
        if (f instanceof IOException e) {
            throw e;
        }
        if (f instanceof Error e) {
            throw e;
        }
        throw (RuntimeException) f;
    }

    @Override
    public void finished() throws IOException {
        decoder.close();
    }

    void cancel() {
        cancelled = true;
    }
}
