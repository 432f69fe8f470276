package dev.paje.view;

import dev.paje.format.ByteChunks;
import dev.paje.format.JsonOut;
import dev.paje.query.PixelGrid;
import dev.paje.store.Container;
import dev.paje.store.Type;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The time-window contract of the viewer: for a window of {@code width} pixels and some containers,
 * what to draw per container and entity type (one sample per pixel), and the aggregated rows of
 * collapsed containers, written as JSON while it is computed.
 *
 * @param grid the window and its pixels
 * @param containers the rows, in order
 * @param types the entity types to answer for
 * @param tables the store's tables (seconds) or their logical copies
 * @param dominant runs of each pixel's dominant state value, for thin rows
 * @param aggregated collapsed containers to answer for as aggregates (real time only)
 */
public record WindowAnswer(PixelGrid grid, List<Container> containers, List<Type> types, WindowTables tables,
        boolean dominant, List<Container> aggregated) {
    private static final int CORES = Runtime.getRuntime().availableProcessors();
    private static final int MIN_PART = 8; // containers: below that, splitting costs more than it saves
    /** Parts per core: rows cost unequally (a thread's states cost more than a node's variable), small parts even out. */
    private static final int PARTS_PER_CORE = 4;

    /**
     * The envelope, then the rows: split in parts rendered on all cores when there are many
     * containers (a zoomed-out window of a hundred rows is a million entities to sample).
     */
    public void write(TraceView model, JsonOut g) throws IOException {
        WindowRows rows = new WindowRows(model, grid, types, tables, dominant);
        g.beginObject();
        g.name("start").value(grid.start());
        g.name("end").value(grid.end());
        g.name("width").value(grid.width());
        g.name("pixel").value(grid.pixel());
        g.name("rows").beginArray();
        int parts = Math.min(CORES * PARTS_PER_CORE, containers.size() / MIN_PART);
        if (CORES == 1 || parts <= 1) {
            rows.write(g, containers);
        } else {
            Parts later = new Parts(rows, containers, parts);
            for (int k = 1; k < CORES; k++) {
                CompletableFuture.runAsync(later::renderAll);
            }
            rows.write(g, later.first()); // the first part streams: only the later ones wait in memory
            for (int i = 1; i < later.count(); i++) {
                ByteChunks part = later.take(i);
                g.splice(part);
                part.release(); // sent: its chunks serve the next parts
            }
        }
        g.endArray();
        if (!aggregated.isEmpty()) {
            new AggregateRows(grid, types, tables.end()).write(g, aggregated);
        }
        g.endObject();
    }

    /**
     * The parts after the first, rendered in order by whichever thread claims them first: the pool's
     * and, once its own part is written, the caller's (so the caller never idles while parts wait).
     */
    private static final class Parts {
        private final WindowRows rows;
        private final List<List<Container>> parts = new ArrayList<>();
        private final List<CompletableFuture<ByteChunks>> done = new ArrayList<>();
        private final AtomicInteger next = new AtomicInteger(1);

        Parts(WindowRows rows, List<Container> containers, int count) {
            this.rows = rows;
            int size = (containers.size() + count - 1) / count;
            for (int from = 0; from < containers.size(); from += size) {
                parts.add(containers.subList(from, Math.min(containers.size(), from + size)));
                done.add(new CompletableFuture<>());
            }
        }

        int count() {
            return parts.size();
        }

        List<Container> first() {
            return parts.get(0);
        }

        void renderAll() {
            while (renderNext()) {
                // until every part is claimed
            }
        }

        /** Part {@code i}: rendering others meanwhile while it is not done. */
        ByteChunks take(int i) {
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
                done.get(i).complete(rows.render(parts.get(i)));
            } catch (RuntimeException | Error e) {
                done.get(i).completeExceptionally(e);
            }
            return true;
        }
    }
}
