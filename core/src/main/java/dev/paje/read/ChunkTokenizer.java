package dev.paje.read;

import dev.paje.store.Names;
/**
 * Tokenizes a chunk of event lines into a {@link Batch}, resolving what can be resolved without
 * the simulation: times, numbers, and names to worker-local ids.
 *
 * <p>HOT PATH: runs on every line of the trace, on every core. No allocation per line except new
 * distinct names; anything unusual is left raw for the general path rather than handled here.
 */
final class ChunkTokenizer {
    /** A local name table past this size is replaced by a new one: unique link keys would grow it forever. */
    private static final int MAX_LOCAL_NAMES = 1 << 16;

    private final NameMaps maps;
    private int worker;
    private Names names = new Names();
    private final Line line = new Line();

    /**
     * A direct-mapped cache in front of {@link #names} for names of at most 16 bytes (types,
     * containers, values): entry {@code i} holds the name's bytes, zero-padded, in
     * {@code cacheKeys[2i, 2i+1]} and {@code id << 5 | length} in {@code cacheIds[i]} (0: empty).
     * It returns the id {@link #names} gave those bytes, so ids are exactly those of the table;
     * emptied when the table is replaced.
     */
    private static final int CACHE_BITS = 11;
    private final long[] cacheKeys = new long[2 << CACHE_BITS];
    private final int[] cacheIds = new int[1 << CACHE_BITS];

    ChunkTokenizer(NameMaps maps) {
        this.maps = maps;
        this.worker = maps.newWorker();
    }

    Batch tokenize(byte[] data, int length, Header header) {
        if (names.size() > MAX_LOCAL_NAMES) {
            names = new Names();
            worker = maps.newWorker();
            java.util.Arrays.fill(cacheIds, 0);
        }
        Batch b = new Batch(data, length, 1 + Swar.countNewlines(data, length));
        b.worker = worker;
        line.buf = data;
        int pos = 0;
        int number = 0;
        while (pos < length) {
            int nl = LineScanner.scanLine(data, pos, length, line);
            if (line.count > 0) {
                record(b, header, pos, number);
            } else if (line.count < 0) {
                scanAndRecord(b, header, pos, nl, number);
            }
            number++;
            pos = nl + 1;
        }
        b.lines = number;
        b.names = names.view();
        return b;
    }

    /** A line the fast scanner left alone: tokenized by the reference scanner, then recorded. */
    private void scanAndRecord(Batch b, Header header, int from, int to, int number) {
        boolean tokens;
        try {
            tokens = LineScanner.scan(b.data, from, to, line);
        } catch (EventError e) {
            b.add(null, from, number);
            return;
        }
        if (tokens) {
            record(b, header, from, number);
        }
    }

    /** Records the line starting at {@code from}, tokenized in {@link #line}. */
    private void record(Batch b, Header header, int from, int number) {
        byte[] d = b.data;
        EventDefinition def = d[line.start[0]] == '%' ? null : header.lookup(line);
        if (def == null || !def.fast() || line.count - 1 != def.fieldCount()) {
            b.add(null, from, number);
            return;
        }
        double time = line.number(1 + def.timePosition);
        if (Double.isNaN(time)) {
            b.add(null, from, number);
            return;
        }
        double num = 0;
        if (def.numberPosition >= 0) {
            num = line.number(1 + def.numberPosition);
            if (Double.isNaN(num)) {
                b.add(null, from, number);
                return;
            }
        }
        int i = b.add(def, from, number);
        b.time[i] = time;
        b.number[i] = num;
        b.type[i] = intern(1 + def.typePosition);
        b.container[i] = intern(1 + def.containerPosition);
        b.value[i] = def.valuePosition >= 0 ? intern(1 + def.valuePosition) : -1;
        b.other[i] = def.otherPosition >= 0 ? intern(1 + def.otherPosition) : -1;
        // link keys are mostly unique: not worth a cache entry
        b.key[i] = def.keyPosition >= 0 ? internUncached(1 + def.keyPosition) : -1;
        int[] user = def.userPositions();
        b.user0[i] = user.length > 0 ? intern(1 + user[0]) : -1;
        b.user1[i] = user.length > 1 ? intern(1 + user[1]) : -1;
    }

    private int internUncached(int token) {
        return names.intern(line.buf, line.start[token], line.end[token]);
    }

    private int intern(int token) {
        byte[] buf = line.buf;
        int from = line.start[token];
        int to = line.end[token];
        int len = to - from;
        if (len > 16 || from + 16 > buf.length) {
            return names.intern(buf, from, to);
        }
        long k0 = (long) Swar.LONGS.get(buf, from);
        long k1 = (long) Swar.LONGS.get(buf, from + 8);
        int rest = len - 8;
        if (rest < 0) {
            k0 &= (1L << (len << 3)) - 1;
            k1 = 0;
        } else {
            k1 &= rest == 0 ? 0 : -1L >>> (64 - (rest << 3));
        }
        long h = (k0 * 0x9E3779B97F4A7C15L) ^ (k1 * 0xC2B2AE3D27D4EB4FL) ^ len;
        int slot = (int) ((h ^ (h >>> 29)) * 0x9E3779B97F4A7C15L >>> (64 - CACHE_BITS));
        int entry = cacheIds[slot];
        if ((entry & 31) == len && cacheKeys[2 * slot] == k0 && cacheKeys[2 * slot + 1] == k1) {
            return entry >>> 5;
        }
        int id = names.intern(buf, from, to);
        cacheKeys[2 * slot] = k0;
        cacheKeys[2 * slot + 1] = k1;
        cacheIds[slot] = id << 5 | len;
        return id;
    }
}
