package dev.paje.read;

import dev.paje.store.Names;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Maps each worker's local name ids to the reader's global ids, growing as batches publish names. */
final class NameMaps {
    private final Names global;
    private final List<int[]> maps = new ArrayList<>();
    private final List<Integer> mapped = new ArrayList<>();

    NameMaps(Names global) {
        this.global = global;
    }

    /** Registers one worker and returns its id. */
    synchronized int newWorker() {
        maps.add(new int[256]);
        mapped.add(0);
        return maps.size() - 1;
    }

    /** The local-to-global map of the batch's worker, extended to the names the batch publishes. */
    synchronized int[] map(Batch b) {
        int[] map = maps.get(b.worker);
        int done = mapped.get(b.worker);
        int count = b.names.size();
        if (count > done) {
            if (count > map.length) {
                map = Arrays.copyOf(map, Math.max(count, map.length * 2));
                maps.set(b.worker, map);
            }
            for (int i = done; i < count; i++) {
                map[i] = global.intern(b.names, i);
            }
            mapped.set(b.worker, count);
        }
        return map;
    }
}
