package dev.paje.imports.otf2;

import dev.paje.imports.ImportException;
import dev.paje.imports.ImportStream;
import dev.paje.imports.PajeText;
import dev.paje.read.EntityFeed;
import dev.paje.read.EntitySource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * An archive for the reader without Pajé text for its events: the definitions and containers as text (the
 * prologue), then the workers' event batches merged by time on a thread of its own ({@link Windows}) and fed as
 * values on this one, window by window, location by location when that changes nothing; their names mapped from
 * each decoder's table to the reader's.
 */
final class Otf2Source implements EntitySource {
    private final Otf2Importer importer;
    private final Path file;
    private Otf2Archive archive;
    private PajeLayout layout;
    /** Bytes of the event files decoded so far, in the batches merged. */
    private long decoded;
    private Location[] locations = new Location[16];
    /** The locations of the window being fed, in order of first run. */
    private int[] order = new int[16];
    /** Per run of the window: the location's next run, -1 after its last. */
    private int[] next = new int[1024];
    /** The window's lines not in their location's own container, location by location: run and line. */
    private int[] sharedRun = new int[1024];
    private int[] sharedLine = new int[1024];
    /** The same sorted by run (merged order), and the counting sort's positions per run. */
    private int[] sortedRun = new int[1024];
    private int[] sortedLine = new int[1024];
    private int[] runCount = new int[1024];
    /** Per reader name id: 1 + the location whose own container it is, 0 for none. */
    private int[] ownerOf = new int[64];
    /** Some container is two locations' own (or a location's own changed): windows are fed in merged order. */
    private boolean mixed;
    /** Batches the reader is done with, back to the decoders; those fed up in the window being fed. */
    private final BatchPool pool = new BatchPool();
    private final java.util.List<EventBatch> retired = new java.util.ArrayList<>();

    Otf2Source(Otf2Importer importer, Path file) {
        this.importer = importer;
        this.file = file;
    }

    @Override
    public byte[] prologue() throws IOException {
        try {
            archive = Otf2Archive.open(file);
        } catch (ImportException e) {
            throw new ImportStream.Failure(e);
        }
        layout = new PajeLayout(archive.defs());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PajeText text = new PajeText(bytes);
        layout.shapes(text);
        layout.write(text);
        text.flush();
        return bytes.toByteArray();
    }

    @Override
    public void entities(EntityFeed feed) throws IOException {
        try (Windows windows = new Windows(runs -> importer.decode(file, archive, layout, () -> new EventOut(pool), runs),
                importer.windowEvents())) {
            for (Window w = windows.take(); w != null; w = windows.take()) {
                simulate(w, feed);
                windows.release(w);
            }
        } catch (ImportException e) {
            throw new ImportStream.Failure(e);
        }
    }

    /**
     * Feeds a window: location by location (the lines of its own container), then the other lines in merged
     * order, when that changes nothing ({@link #mapRun}); else all in merged order. Why: fed one location's
     * lines in a row, the simulator finds that container's state in the cache instead of missing it on every line.
     */
    private void simulate(Window w, EntityFeed feed) {
        if (next.length < w.runs) {
            next = new int[Math.max(w.runs, next.length * 2)];
        }
        int touched = 0;
        for (int r = 0; r < w.runs; r++) {
            int l = w.loc[r];
            Location s = location(l);
            EventBatch b = w.batch[r];
            if (s.current != b) {
                toReader(l, s, b, feed);
                if (s.current != null) {
                    retired.add(s.current); // its last lines are in this window at the latest
                }
                s.current = b;
            }
            if (s.first < 0) {
                s.first = r;
                order[touched++] = l;
            } else {
                next[s.last] = r;
            }
            s.last = r;
            next[r] = -1;
        }
        boolean grouped = !mixed; // known once every location of the window has its own container
        for (int t = 0; t < touched; t++) { // location by location: each reads its batch's arrays in a row
            Location s = locations[order[t]];
            for (int r = s.first; r >= 0; r = next[r]) {
                grouped = mapRun(s, w.batch[r], w.from[r], w.to[r], feed, grouped);
            }
        }
        if (grouped) {
            feed.defer();
            int shared = 0;
            if (sharedRun.length < w.events) {
                sharedRun = new int[Math.max(w.events, sharedRun.length * 2)];
                sharedLine = new int[sharedRun.length];
            }
            for (int t = 0; t < touched; t++) {
                Location s = locations[order[t]];
                int own = s.own;
                for (int r = s.first; r >= 0; r = next[r]) {
                    EventBatch b = w.batch[r];
                    long index = w.index[r] - w.from[r];
                    for (int k = w.from[r], end = w.to[r]; k < end; k++) {
                        if (b.container[k] == own) {
                            feed(feed, index + k, b, k);
                        } else {
                            sharedRun[shared] = r;
                            sharedLine[shared++] = k;
                        }
                    }
                }
            }
            feedShared(w, feed, shared);
            importer.windowsGrouped.incrementAndGet();
            importer.problemsDeferred.addAndGet(feed.deferred());
            feed.reportDeferred(w::after);
        } else {
            for (int r = 0; r < w.runs; r++) {
                EventBatch b = w.batch[r];
                long index = w.index[r] - w.from[r];
                for (int k = w.from[r], end = w.to[r]; k < end; k++) {
                    feed(feed, index + k, b, k);
                }
            }
        }
        for (int t = 0; t < touched; t++) {
            locations[order[t]].first = -1;
        }
        for (EventBatch b : retired) { // no later window has their lines: the merge had moved past them
            pool.give(b);
        }
        retired.clear();
    }

    /** Feeds the {@code count} lines collected location by location in merged order: sorted by run (stably). */
    private void feedShared(Window w, EntityFeed feed, int count) {
        if (runCount.length < w.runs + 1) {
            runCount = new int[Math.max(w.runs + 1, runCount.length * 2)];
        }
        if (sortedRun.length < count) {
            sortedRun = new int[sharedRun.length];
            sortedLine = new int[sharedRun.length];
        }
        int[] at = runCount;
        java.util.Arrays.fill(at, 0, w.runs + 1, 0);
        for (int i = 0; i < count; i++) {
            at[sharedRun[i] + 1]++;
        }
        for (int r = 0; r < w.runs; r++) {
            at[r + 1] += at[r];
        }
        for (int i = 0; i < count; i++) {
            int p = at[sharedRun[i]]++;
            sortedRun[p] = sharedRun[i];
            sortedLine[p] = sharedLine[i];
        }
        for (int i = 0; i < count; i++) {
            int r = sortedRun[i];
            int k = sortedLine[i];
            feed(feed, w.index[r] + k - w.from[r], w.batch[r], k);
        }
    }

    private static void feed(EntityFeed feed, long index, EventBatch b, int k) {
        feed.entity(index, b.event[k], b.times[k], b.type[k], b.container[k], b.value[k], b.number[k], b.other[k],
                b.keys, b.keyFrom[k], b.keyTo[k], b.users, b.userFrom[k]);
    }

    private Location location(int l) {
        if (l >= locations.length) {
            locations = Arrays.copyOf(locations, Math.max(l + 1, locations.length * 2));
            order = Arrays.copyOf(order, locations.length);
        }
        if (locations[l] == null) {
            locations[l] = new Location();
        }
        return locations[l];
    }

    /**
     * Maps the names of a batch new to the window (its user fields' ids replaced now, its lines' run by run), notes
     * its location's own container, and reports progress.
     */
    private void toReader(int l, Location s, EventBatch b, EntityFeed feed) {
        if (b.generation != s.generation) {
            s.generation = b.generation;
            s.mapped = 0;
        }
        int count = b.names.size();
        if (count > s.map.length) {
            s.map = Arrays.copyOf(s.map, Math.max(count, s.map.length * 2));
        }
        int[] map = s.map;
        for (int i = s.mapped; i < count; i++) {
            map[i] = feed.intern(b.names, i);
        }
        s.mapped = Math.max(s.mapped, count);
        if (b.own >= 0) {
            own(l, s, map[b.own]);
        }
        for (int i = 0; i < b.userCount; i++) {
            b.users[i] = map[b.users[i]];
        }
        decoded += b.offset - s.offset;
        s.offset = b.offset;
        feed.progress(decoded);
    }

    /**
     * Replaces the reader's ids for the decoder's in lines {@code [from, to)} (each line is in one run: mapped once),
     * just before they are fed (they are in the cache then). Returns {@code grouped} and whether the lines allow
     * feeding the window location by location: each commutes ({@link EntityFeed#commutes}; a value declared now
     * stays declared) and, outside its location's own container, is in a container no location owns.
     */
    private boolean mapRun(Location s, EventBatch b, int from, int to, EntityFeed feed, boolean grouped) {
        int[] map = s.map;
        int own = s.own;
        boolean ok = grouped;
        for (int k = from; k < to; k++) {
            int type = map[b.type[k]];
            int c = map[b.container[k]];
            int value = b.value[k] < 0 ? -1 : map[b.value[k]];
            b.type[k] = type;
            b.container[k] = c;
            b.value[k] = value;
            b.other[k] = b.other[k] < 0 ? -1 : map[b.other[k]];
            if (ok) {
                ok = (c == own || c >= ownerOf.length || ownerOf[c] == 0)
                        && feed.commutes(b.event[k], b.times[k], type, value, b.number[k]);
            }
        }
        return ok;
    }

    /** Notes that location {@code l}'s own container is name {@code id}; two locations in one container: no grouping. */
    private void own(int l, Location s, int id) {
        if (s.own == id) {
            return;
        }
        if (id >= ownerOf.length) {
            ownerOf = Arrays.copyOf(ownerOf, Math.max(id + 1, ownerOf.length * 2));
        }
        if (s.own >= 0 || ownerOf[id] != 0) {
            mixed = true;
            return;
        }
        ownerOf[id] = l + 1;
        s.own = id;
    }

    /** What the simulating thread keeps per location. */
    private static final class Location {
        /** The decoder's name ids mapped to the reader's, how many, and of which of its tables. */
        int[] map = new int[0];
        int mapped;
        int generation = -1;
        /** The batch whose names were mapped last. */
        EventBatch current;
        /** Bytes of the location's file decoded up to the current batch: for progress. */
        long offset;
        /** The reader's id of the location's own container, -1 until known. */
        int own = -1;
        /** Its first and last run in the window being fed (-1: none), chained by {@code next}. */
        int first = -1;
        int last;
    }
}
