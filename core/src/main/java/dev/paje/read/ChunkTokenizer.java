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

    ChunkTokenizer(NameMaps maps) {
        this.maps = maps;
        this.worker = maps.newWorker();
    }

    Batch tokenize(byte[] data, int length, Header header) {
        if (names.size() > MAX_LOCAL_NAMES) {
            names = new Names();
            worker = maps.newWorker();
        }
        int lines = 1;
        for (int i = 0; i < length; i++) {
            if (data[i] == '\n') {
                lines++;
            }
        }
        Batch b = new Batch(data, length, lines);
        b.worker = worker;
        line.buf = data;
        int pos = 0;
        int number = 0;
        while (pos < length) {
            int nl = pos;
            while (nl < length && data[nl] != '\n') {
                nl++;
            }
            record(b, header, pos, nl, number);
            number++;
            pos = nl + 1;
        }
        b.lines = number;
        b.names = names.view();
        return b;
    }

    private void record(Batch b, Header header, int from, int to, int number) {
        boolean tokens;
        try {
            tokens = LineScanner.scan(b.data, from, to, line);
        } catch (EventError e) {
            b.add(null, from, number);
            return;
        }
        if (!tokens) {
            return;
        }
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
        if (def.keyPosition >= 0) { // not interned: keys are often unique per link
            b.key[i] = line.start[1 + def.keyPosition];
            b.keyEnd[i] = line.end[1 + def.keyPosition];
        } else {
            b.key[i] = -1;
        }
        int[] user = def.userPositions();
        b.user0[i] = user.length > 0 ? intern(1 + user[0]) : -1;
        b.user1[i] = user.length > 1 ? intern(1 + user[1]) : -1;
    }

    private int intern(int token) {
        return names.intern(line.buf, line.start[token], line.end[token]);
    }
}
