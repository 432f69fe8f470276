package dev.paje.read;

import dev.paje.store.Names;
import java.util.Arrays;

/**
 * One chunk of the trace, tokenized: a record per event line, either resolved (fast path: times,
 * numbers and name ids in columns) or raw (header lines, definitions, user fields, anything odd:
 * re-read on the simulator thread by the general path). Name ids are local to the worker that
 * made the batch; {@link #names} publishes their bytes.
 */
final class Batch {
    byte[] data;
    int length;
    /** Physical lines in the chunk, blank and comment lines included. */
    int lines;
    int size;
    EventDefinition[] def = null; // null: raw line
    int[] offset = null;
    int[] line = null; // 0-based line within the chunk
    double[] time = null;
    int[] type = null;
    int[] container = null;
    int[] value = null;
    /**
     * The other container, and the start and end of the Key token in data (keys are not interned): set only for
     * records whose definition has those fields (links), else stale; read them through {@link #other(int)}, {@link #key(int)}.
     */
    int[] other = null;
    int[] key = null;
    int[] keyEnd = null;
    double[] number = null;
    /** Local name ids of the first two user fields: set only for records whose definition has user fields ({@link #user0(int)}). */
    int[] user0 = null;
    int[] user1 = null;
    /** Its runs summarized by the tokenizer thread when the reader only checks the trace ({@link RunSummary}), else null. */
    RunSummary summary;
    /** Worker that tokenized the batch, and its name table as of the end of the batch. */
    int worker;
    Names.View names;

    Batch(byte[] data, int length, int capacity) {
        this.data = data;
        this.length = length;
        int n = Math.max(1, capacity);
        def = new EventDefinition[n];
        offset = new int[n];
        line = new int[n];
        time = new double[n];
        type = new int[n];
        container = new int[n];
        value = new int[n];
        other = new int[n];
        key = new int[n];
        keyEnd = new int[n];
        number = new double[n];
        user0 = new int[n];
        user1 = new int[n];
    }

    /**
     * Empties this batch for the chunk {@code data[0, length)}, keeping its columns: a reader recycles
     * its batches (no arrays to allocate and zero per chunk). Bytes of {@code data} past {@code length}
     * are never read.
     */
    void reset(byte[] data, int length) {
        this.data = data;
        this.length = length;
        size = 0;
        lines = 0;
        names = null;
    }

    /** Records the batch can hold before its columns grow. */
    int capacity() {
        return def.length;
    }

    /** Makes room for {@code n} records at once, exactly (a recycled batch keeps what it has when enough). */
    void ensure(int n) {
        if (def.length < n) {
            grow(n);
        }
    }

    /** Appends a record and returns its index; the caller fills the columns it needs. */
    int add(EventDefinition d, int lineStart, int lineNumber) {
        if (size == def.length) {
            grow(def.length * 2);
        }
        int i = size++;
        def[i] = d;
        offset[i] = lineStart;
        line[i] = lineNumber;
        return i;
    }

    private void grow(int n) {
        def = Arrays.copyOf(def, n);
        offset = Arrays.copyOf(offset, n);
        line = Arrays.copyOf(line, n);
        time = Arrays.copyOf(time, n);
        type = Arrays.copyOf(type, n);
        container = Arrays.copyOf(container, n);
        value = Arrays.copyOf(value, n);
        other = Arrays.copyOf(other, n);
        key = Arrays.copyOf(key, n);
        keyEnd = Arrays.copyOf(keyEnd, n);
        number = Arrays.copyOf(number, n);
        user0 = Arrays.copyOf(user0, n);
        user1 = Arrays.copyOf(user1, n);
    }

    /** The other container of tokenized record {@code i}, -1 when its definition has none. */
    int other(int i) {
        return def[i].otherPosition < 0 ? -1 : other[i];
    }

    /** Start of the key of tokenized record {@code i} in {@link #data}, -1 when its definition has none. */
    int key(int i) {
        return def[i].keyPosition < 0 ? -1 : key[i];
    }

    /** The first user field of tokenized record {@code i}, -1 when its definition has none. */
    int user0(int i) {
        return def[i].userCount < 1 ? -1 : user0[i];
    }

    /** The second user field of tokenized record {@code i}, -1 when its definition has fewer. */
    int user1(int i) {
        return def[i].userCount < 2 ? -1 : user1[i];
    }

    /** End (exclusive, before the newline) of the line starting at {@code from}. */
    int lineEnd(int from) {
        int i = from;
        while (i < length && data[i] != '\n') {
            i++;
        }
        return i;
    }
}
