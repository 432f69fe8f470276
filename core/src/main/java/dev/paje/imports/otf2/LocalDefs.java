package dev.paje.imports.otf2;

import dev.paje.imports.ImportException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A location's local definitions ({@code NAME/LOC.def}): the tables that map the ids its events use to
 * global ids, and the clock offsets that correct its timestamps. An absent file means neither.
 */
final class LocalDefs {
    static final int MAPPING_STRING = 0;
    static final int MAPPING_ATTRIBUTE = 1;
    static final int MAPPING_LOCATION = 2;
    static final int MAPPING_REGION = 3;
    static final int MAPPING_GROUP = 4;
    static final int MAPPING_METRIC = 5;
    static final int MAPPING_COMM = 6;
    static final int MAPPING_PARAMETER = 7;
    private static final int MAPPING_TYPES = 15;

    /** Per mapping type: dense (local id = index) or sparse; null when the ids are global already. */
    private final long[][] dense = new long[MAPPING_TYPES][];
    private final List<Map<Long, Long>> sparse = new ArrayList<>();
    private final ClockCorrection clock;

    private LocalDefs(ClockCorrection clock) {
        this.clock = clock;
    }

    static final LocalDefs NONE = new LocalDefs(ClockCorrection.NONE);

    ClockCorrection clock() {
        return clock;
    }

    /** The global id of local id {@code id} of mapping {@code type} (unchanged when unmapped). */
    long map(int type, long id) {
        long[] d = dense[type];
        if (d != null) {
            return id >= 0 && id < d.length ? d[(int) id] : id;
        }
        if (sparse.isEmpty()) {
            return id;
        }
        Map<Long, Long> m = sparse.get(type);
        if (m == null) {
            return id;
        }
        Long g = m.get(id);
        return g == null ? id : g;
    }

    int map32(int type, int id) {
        return id == -1 ? -1 : (int) map(type, id & 0xffffffffL);
    }

    static LocalDefs read(Path file, Anchor anchor) throws IOException, ImportException {
        if (!Files.exists(file)) {
            return NONE;
        }
        List<long[]> offsets = new ArrayList<>();
        LocalDefs d = null;
        long[][] dense = new long[MAPPING_TYPES][];
        Map<Integer, Map<Long, Long>> sparse = new HashMap<>();
        try (Otf2Input in = new Otf2Input(file, anchor.chunkSizeDefs(), 1 << 14)) {
            in.definitions((type, at, end) -> {
                long length = end - in.offset();
                if (type == 5) { // MappingTable
                    int mapping = in.u8();
                    long n = in.cu64();
                    int mode = in.u8();
                    if (mapping >= MAPPING_TYPES) {
                        throw in.fault(at, "unknown id mapping type " + mapping);
                    }
                    if (n < 0 || n > length) {
                        throw in.fault(at, "mapping table of " + n + " ids does not fit its record of " + length + " bytes");
                    }
                    if (mode == 0) {
                        long[] m = new long[(int) n];
                        for (int i = 0; i < n; i++) {
                            m[i] = in.cu64();
                        }
                        dense[mapping] = m;
                    } else {
                        Map<Long, Long> m = sparse.computeIfAbsent(mapping, k -> new HashMap<>());
                        for (int i = 0; i < n; i++) {
                            long local = in.cu64();
                            m.put(local, in.cu64());
                        }
                    }
                } else if (type == 6) { // ClockOffset
                    long time = in.u64full();
                    long offset = in.ci64();
                    offsets.add(new long[] {time, offset});
                }
            });
        }
        d = new LocalDefs(ClockCorrection.of(offsets));
        System.arraycopy(dense, 0, d.dense, 0, MAPPING_TYPES);
        if (!sparse.isEmpty()) {
            for (int i = 0; i < MAPPING_TYPES; i++) {
                d.sparse.add(sparse.get(i));
            }
        }
        return d;
    }
}
