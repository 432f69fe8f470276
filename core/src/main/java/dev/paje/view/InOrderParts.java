package dev.paje.view;

import dev.paje.format.ByteChunks;
import dev.paje.format.JsonOut;
import dev.paje.store.Container;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Parts of an answer rendered on all cores and written in order: the first part streams from the caller, the later
 * ones are rendered by whichever thread claims them first, one helper per other core and, once its own part is
 * written, the caller (so the caller never idles while parts wait). As many threads as cores, never a thread per part:
 * with {@code CompletableFuture.supplyAsync} per part on 2 cores (a common pool of 1), each of 64 aggregates got its
 * own thread, and 64 sweeps at once evicted each other's blocks from the cache (bench/RESULTS.md, wt-agg9).
 */
final class InOrderParts {
    static final int CORES = Runtime.getRuntime().availableProcessors();

    private final Function<List<Container>, ByteChunks> render;
    private final List<List<Container>> parts = new ArrayList<>();
    private final List<CompletableFuture<ByteChunks>> done = new ArrayList<>();
    private final AtomicInteger next = new AtomicInteger(1);

    /** {@code containers} in {@code count} parts of equal size (the last smaller), each rendered by {@code render}. */
    InOrderParts(Function<List<Container>, ByteChunks> render, List<Container> containers, int count) {
        this.render = render;
        int size = (containers.size() + count - 1) / count;
        for (int from = 0; from < containers.size(); from += size) {
            parts.add(containers.subList(from, Math.min(containers.size(), from + size)));
            done.add(new CompletableFuture<>());
        }
    }

    /**
     * Writes every part into {@code g} in order: the first by {@code first} (streamed), the others spliced once
     * rendered, their chunks released for the next parts.
     */
    void write(JsonOut g, Streamed first) throws IOException {
        for (int k = 1; k < CORES; k++) {
            CompletableFuture.runAsync(this::renderAll);
        }
        first.write(g, parts.get(0)); // only the later parts wait in memory
        for (int i = 1; i < parts.size(); i++) {
            ByteChunks part = take(i);
            g.splice(part);
            part.release(); // sent: its chunks serve the next parts
        }
    }

    /** What writes a part straight into the answer. */
    interface Streamed {
        void write(JsonOut g, List<Container> containers) throws IOException;
    }

    private void renderAll() {
        while (renderNext()) {
            // until every part is claimed
        }
    }

    /** Part {@code i}: rendering others meanwhile while it is not done. */
    private ByteChunks take(int i) {
        while (!done.get(i).isDone() && renderNext()) {
            // the caller helps
        }
        return done.get(i).join();
    }

    private boolean renderNext() {
        int i = next.getAndIncrement();
        if (i >= parts.size()) {
            return false;
        }
        try {
            done.get(i).complete(render.apply(parts.get(i)));
        } catch (RuntimeException | Error e) {
            done.get(i).completeExceptionally(e);
        }
        return true;
    }
}
