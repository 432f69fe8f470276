package dev.paje.read;

import java.util.Arrays;

/**
 * Summarizes a tokenized batch's runs of entity records into its {@link RunSummary}, on the
 * tokenizer thread that made the batch (its bytes and columns are still in that core's cache).
 * Owns scratch tables reused from batch to batch.
 */
final class RunSummarizer {
    /*
     * Look-ups by local name id (small dense ints): arrays indexed by the id, each slot stamped with the run
     * it belongs to, so that nothing is cleared between runs.
     */
    /** Per container: the run's first entry of it (then {@link #entryNext} through its other types). */
    private int[] firstEntry = new int[1024];
    private int[] firstEntryStamp = new int[1024];
    private int[] entryNext = new int[1024];
    /**
     * Per value name: the run's value of it with {@link #valueSeenType} (another type's same name: a second value).
     * Every table indexed by a name id has the same length, which {@link #sizeNames} compares (these had 256 slots:
     * a chunk of 257 to 1024 names failed).
     */
    private int[] valueSeen = new int[1024];
    private int[] valueSeenType = new int[1024];
    private int[] valueStamp = new int[1024];
    /** Per other container: the entry and side it was last listed for in the run. */
    private long[] otherSeen = new long[1024];
    private int[] otherStamp = new int[1024];
    /**
     * (entry, key) of a run to its queue of waiting halves: two longs a slot, {@code stamp << 32 | hash} and
     * {@code head << 32 | tail} (halves of the run, through {@link #next}; head -1: none waits, tail then the
     * last half taken, to compare the key with), and in {@link #keyInfo} its entry and whether it matched.
     */
    private long[] keySlots = new long[2 * 4096];
    private int[] keyInfo = new int[4096];
    private int keysUsed;
    /** Per half of the run: the next in its queue, and its key's first two words. */
    private int[] next = new int[256];
    private long[] halfK0 = new long[256];
    private long[] halfK1 = new long[256];
    private int stamp;

    private byte[] data;
    private int firstHalf;
    private double min;
    private double max;

    /** Starts the summary of batch {@code b}'s runs (its records are then given run by run, in their order). */
    void begin(Batch b, RunSummary s) {
        s.reset(b.data);
        data = b.data;
        sizeNames(b.names.size());
    }

    /*
     * A definition's operation for the summarizer, made once per definition ({@link #op}, kept by the tokenizer per
     * slot): its kind as a small int and its category above (bits 8 and up), or a failure. Per record, an int switch,
     * not the definition's enum, its switch map and its checks.
     */
    static final int OP_SET_STATE = 0;
    static final int OP_PUSH_STATE = 1;
    static final int OP_POP_STATE = 2;
    static final int OP_RESET_STATE = 3;
    static final int OP_NEW_EVENT = 4;
    static final int OP_SET_VARIABLE = 5;
    static final int OP_ADD_VARIABLE = 6;
    static final int OP_SUB_VARIABLE = 7;
    static final int OP_START_LINK = 8;
    static final int OP_END_LINK = 9;
    /** A link without a key or a container at its other end. */
    static final int OP_LINK_UNKEYED = 10;
    static final int OP_NOT_ENTITY = 11;
    static final int OP_USER_FIELDS = 12;
    /** The flag of the operations whose records list their value ({@link #value}). */
    static final int OP_VALUE = 1 << 16;

    /** The operation of {@code def}'s records. */
    static int op(EventDefinition def) {
        if (def.userCount > 0) {
            return OP_USER_FIELDS;
        }
        EventKind kind = def.kind();
        boolean unkeyed = def.keyPosition < 0 || def.otherPosition < 0;
        int op = switch (kind) {
            case SET_STATE -> OP_SET_STATE;
            case PUSH_STATE -> OP_PUSH_STATE;
            case POP_STATE -> OP_POP_STATE;
            case RESET_STATE -> OP_RESET_STATE;
            case NEW_EVENT -> OP_NEW_EVENT;
            case SET_VARIABLE -> OP_SET_VARIABLE;
            case ADD_VARIABLE -> OP_ADD_VARIABLE;
            case SUB_VARIABLE -> OP_SUB_VARIABLE;
            case START_LINK -> unkeyed ? OP_LINK_UNKEYED : OP_START_LINK;
            case END_LINK -> unkeyed ? OP_LINK_UNKEYED : OP_END_LINK;
            default -> OP_NOT_ENTITY;
        };
        boolean valued = op == OP_SET_STATE || op == OP_PUSH_STATE || op == OP_NEW_EVENT || op == OP_START_LINK
                || op == OP_END_LINK;
        return op | category(kind) << 8 | (valued ? OP_VALUE : 0);
    }

    /**
     * Summarizes the run of staged records {@code [from, to)} of a chunk ({@link ChunkTokenizer}), in file order: record
     * {@code i}'s container and operation's slot in {@code cs}, its line, time, number, type and value in {@code rec}
     * ({@link Records}), its other container in {@code others} and its key in {@code keys} (links only); {@code ops}:
     * per slot, {@link #op}. One loop over the records, not a call per record. Sets the summary's failure when a
     * record has something a summary cannot carry.
     */
    void run(RunSummary s, int from, int to, long[] rec, int[] cs, int[] others, long[] keys, int[] ops) {
        startRun(s, from);
        lastC = -1;
        lastT = -1;
        lastE = -1;
        min = Double.POSITIVE_INFINITY;
        max = Double.NEGATIVE_INFINITY;
        for (int k = from; k < to && s.failure == null; k += PIECE) {
            piece(s, k, Math.min(to, k + PIECE), rec, cs, others, keys, ops);
        }
        endRun(s, to);
    }

    /**
     * Records a call of {@link #piece} summarizes: a run is a whole chunk (tens of thousands of records), but a call per
     * 32 has the JIT compile the loop once, as a method called often, not first on the stack of a running call (an OSR
     * compilation, 60-80 ms of the only C2 thread while the tokenizers wait for it) and then again: with the JIT's
     * thresholds (a method compiled after 600 calls and 15,000 calls and loops, a loop on the stack after 40,000), 32
     * records a call reach the first one at 19,000 records, the second one at 40,000.
     */
    private static final int PIECE = 32;
    /** The run's loop state between pieces: the last record's container, type and entry. */
    private int lastC;
    private int lastT;
    private int lastE;

    /** {@link #run}'s records {@code [from, to)}. */
    private void piece(RunSummary s, int from, int to, long[] rec, int[] cs, int[] others, long[] keys, int[] ops) {
        int lastC = this.lastC;
        int lastT = this.lastT;
        int e = lastE;
        double min = this.min;
        double max = this.max;
        for (int i = from; i < to && s.failure == null; i++) {
            int base = i * Records.STRIDE;
            int cc = cs[i];
            int op = ops[cc >>> ChunkTokenizer.CONTAINER_BITS];
            int kind = op & 0xFF;
            if (kind == OP_USER_FIELDS) {
                s.failure = "user fields";
                continue;
            }
            byte cat = (byte) (op >>> 8);
            int c = cc & ChunkTokenizer.CONTAINER_MASK;
            long tv = rec[base + Records.TYPE_VALUE];
            int t = (int) tv;
            double time = Double.longBitsToDouble(rec[base + Records.TIME]);
            int line = (int) (rec[base + Records.AT] >>> 32);
            if (c != lastC || t != lastT) {
                e = entry(s, c, t, cat, kind == OP_SET_VARIABLE, time, line);
                lastC = c;
                lastT = t;
            }
            if (s.kind[e] != cat) {
                s.failure = "one type used by events of two kinds";
                continue;
            }
            if (time < min) {
                min = time;
            }
            if (time >= max) {
                max = time;
            }
            s.count[e]++;
            if (time >= s.maxTime[e]) {
                s.maxTime[e] = time;
                s.maxLine[e] = line;
            }
            if (cat != RunSummary.LINK) {
                if (time < s.lastTime[e]) {
                    s.failure = "events out of time order";
                    continue;
                }
                if (cat == RunSummary.VARIABLE && s.count[e] > 1 && time != s.lastTime[e]) {
                    s.rows[e]++;
                }
                s.lastTime[e] = time;
                s.lastLine[e] = line;
            }
            if ((op & OP_VALUE) != 0) { // one call site for the kinds with a value: a smaller compilation of this loop
                value(s, t, (int) (tv >>> 32), line);
            }
            switch (kind) {
                case OP_SET_STATE -> {
                    s.absolute[e] = true;
                    s.depth[e] = 1;
                    s.rows[e]++;
                }
                case OP_PUSH_STATE -> {
                    int d = s.depth[e];
                    if (s.absolute[e]) {
                        if (d >= Short.MAX_VALUE) {
                            s.failure = "states nested too deep";
                            continue;
                        }
                    } else if (d > s.highest[e]) {
                        s.highest[e] = d;
                    }
                    s.depth[e] = d + 1;
                    s.rows[e]++;
                }
                case OP_POP_STATE -> {
                    int d = s.depth[e] - 1;
                    if (s.absolute[e]) {
                        if (d < 0) {
                            s.failure = "a pop on an empty stack";
                            continue;
                        }
                    } else if (d < s.lowest[e]) {
                        s.lowest[e] = d;
                    }
                    s.depth[e] = d;
                }
                case OP_RESET_STATE -> {
                    s.absolute[e] = true;
                    s.depth[e] = 0;
                }
                case OP_NEW_EVENT -> s.rows[e]++;
                case OP_SET_VARIABLE -> {
                    s.hasSet[e] = true;
                    s.current[e] = Double.longBitsToDouble(rec[base + Records.NUMBER]);
                }
                case OP_ADD_VARIABLE, OP_SUB_VARIABLE -> {
                    double number = Double.longBitsToDouble(rec[base + Records.NUMBER]);
                    double v = kind == OP_ADD_VARIABLE ? number : -number;
                    if (s.hasSet[e]) {
                        s.current[e] += v; // x - v is x + (-v) exactly
                    } else {
                        delta(s, e, v);
                    }
                }
                case OP_START_LINK, OP_END_LINK -> {
                    boolean start = kind == OP_START_LINK;
                    int other = others[i];
                    long key = keys[i];
                    other(s, e, other, start);
                    half(s, e, (int) key, (int) (key >>> 32), (int) (tv >>> 32), other, line, time, start);
                }
                case OP_LINK_UNKEYED -> s.failure = "a link without a key or a container at its other end";
                default -> s.failure = "not an entity event";
            }
        }
        this.lastC = lastC;
        this.lastT = lastT;
        lastE = e;
        this.min = min;
        this.max = max;
    }

    /** A run starts at record {@code k}. */
    private void startRun(RunSummary s, int k) {
        s.ensureRuns();
        int r = s.runs++;
        s.runFrom[r] = k;
        if (++stamp == 0) { // after 2^32 runs: clear the stamps once
            Arrays.fill(firstEntryStamp, 0);
            Arrays.fill(valueStamp, 0);
            Arrays.fill(otherStamp, 0);
            Arrays.fill(keySlots, 0);
            stamp = 1;
        }
        keysUsed = 0;
        firstHalf = s.halves;
    }

    /** The run ends before record {@code k}. */
    private void endRun(RunSummary s, int k) {
        int r = s.runs - 1;
        s.runTo[r] = k;
        s.entryEnd[r] = s.entries;
        s.valueEnd[r] = s.values;
        s.otherEnd[r] = s.others;
        s.halfEnd[r] = s.halves;
        s.matchEnd[r] = s.matches;
        s.runMin[r] = min;
        s.runMax[r] = max;
    }

    private static byte category(EventKind kind) {
        return switch (kind) {
            case SET_STATE, PUSH_STATE, POP_STATE, RESET_STATE -> RunSummary.STATE;
            case NEW_EVENT -> RunSummary.EVENT;
            case SET_VARIABLE, ADD_VARIABLE, SUB_VARIABLE -> RunSummary.VARIABLE;
            default -> RunSummary.LINK;
        };
    }

    /** Room for local name ids below {@code n}. */
    private void sizeNames(int n) {
        if (firstEntry.length < n) {
            int m = Math.max(n, firstEntry.length * 2);
            firstEntry = Arrays.copyOf(firstEntry, m);
            firstEntryStamp = Arrays.copyOf(firstEntryStamp, m);
            valueSeen = Arrays.copyOf(valueSeen, m);
            valueSeenType = Arrays.copyOf(valueSeenType, m);
            valueStamp = Arrays.copyOf(valueStamp, m);
            otherSeen = Arrays.copyOf(otherSeen, m);
            otherStamp = Arrays.copyOf(otherStamp, m);
        }
    }

    private static int mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    /** The entry of (container, type) in the current run, new if it has none yet. */
    private int entry(RunSummary s, int c, int t, byte cat, boolean set, double time, int line) {
        int e = firstEntryStamp[c] == stamp ? firstEntry[c] : -1;
        int last = -1;
        while (e >= 0) {
            if (s.type[e] == t) {
                return e;
            }
            last = e;
            e = entryNext[e];
        }
        s.ensureEntries();
        e = s.entries++;
        if (entryNext.length <= e) {
            growEntryNext(e);
        }
        entryNext[e] = -1;
        if (last < 0) {
            firstEntryStamp[c] = stamp;
            firstEntry[c] = e;
        } else {
            entryNext[last] = e;
        }
        s.container[e] = c;
        s.type[e] = t;
        s.kind[e] = cat;
        s.count[e] = 0;
        s.rows[e] = cat == RunSummary.VARIABLE ? 1 : 0;
        s.firstTime[e] = time;
        s.lastTime[e] = Double.NEGATIVE_INFINITY;
        s.maxTime[e] = Double.NEGATIVE_INFINITY;
        s.lastLine[e] = line;
        s.maxLine[e] = line;
        s.depth[e] = 0;
        s.absolute[e] = false;
        s.lowest[e] = 0;
        s.highest[e] = Integer.MIN_VALUE; // no push yet
        s.firstSet[e] = set;
        s.hasSet[e] = false;
        s.current[e] = 0;
        s.deltaHead[e] = -1;
        s.deltaTail[e] = -1;
        return e;
    }

    private void growEntryNext(int e) {
        entryNext = Arrays.copyOf(entryNext, Math.max(e + 1, entryNext.length * 2));
    }

    /** Lists value {@code v} of type {@code t} (once per run and type: a name of two types is listed for each). */
    private void value(RunSummary s, int t, int v, int line) {
        if (v < 0) {
            s.failure = "an entity without a value";
            return;
        }
        if (valueStamp[v] == stamp && valueSeenType[v] == t) {
            int id = valueSeen[v];
            if (line < s.valueLine[id]) {
                s.valueLine[id] = line; // the first line, whatever order the records come in
            }
            return;
        }
        s.ensureValues();
        int id = s.values++;
        valueStamp[v] = stamp;
        valueSeenType[v] = t;
        valueSeen[v] = id;
        s.valueType[id] = t;
        s.valueName[id] = v;
        s.valueLine[id] = line;
    }

    /** Lists other container {@code other} of entry {@code e} on side {@code start} (a repeat may be listed twice). */
    private void other(RunSummary s, int e, int other, boolean start) {
        long key = (long) e << 1 | (start ? 1 : 0);
        if (otherStamp[other] == stamp && otherSeen[other] == key) {
            return;
        }
        otherStamp[other] = stamp;
        otherSeen[other] = key;
        s.ensureOthers();
        int o = s.others++;
        s.otherEntry[o] = e;
        s.otherName[o] = other;
        s.otherStart[o] = start;
    }

    private static void delta(RunSummary s, int e, double v) {
        s.ensureDeltas();
        int d = s.deltas++;
        s.delta[d] = v;
        s.deltaNext[d] = -1;
        if (s.deltaTail[e] < 0) {
            s.deltaHead[e] = d;
        } else {
            s.deltaNext[s.deltaTail[e]] = d;
        }
        s.deltaTail[e] = d;
    }

    /**
     * A link half: matched with the oldest opposite half waiting under its key in this run, as the
     * simulator would if nothing waited under it before the run (checked when the run is applied).
     */
    private void half(RunSummary s, int e, int from, int to, int value, int other, int line, double time, boolean start) {
        byte[] data = this.data;
        long a = KeyHash.first(data, from, to);
        long w = KeyHash.second(data, from, to);
        int hash = KeyHash.hash(a, w, data, from, to);
        int h = s.addHalf(e, from, to, hash, a, w, value, other, line, time, start);
        int local = h - firstHalf;
        if (next.length <= local) {
            growHalves(local);
        }
        next[local] = -1;
        halfK0[local] = a;
        halfK1[local] = w;
        long tag = (long) stamp << 32 | (hash & 0xFFFFFFFFL);
        int mask = keyInfo.length - 1;
        int i = (hash ^ mix(e)) & mask;
        while ((int) (keySlots[2 * i] >>> 32) == stamp) {
            if (keySlots[2 * i] == tag && keyInfo[i] >>> 1 == e) {
                long queue = keySlots[2 * i + 1];
                int q = (int) (queue >> 32);
                int tail = (int) queue;
                int any = q >= 0 ? q : tail;
                if (sameKey(s, any, data, from, to, a, w)) {
                    if (q >= 0 && s.halfStart[q] != start) { // the oldest opposite half: a match
                        if (s.halfValue[q] != value) {
                            s.failure = "a link whose two halves have different values";
                            return;
                        }
                        s.halfTaken[q] = true;
                        s.halfTaken[h] = true;
                        int after = next[q - firstHalf];
                        keySlots[2 * i + 1] = after < 0 ? (-1L << 32) | (q & 0xFFFFFFFFL) // tail: kept to compare the key
                                : ((long) after << 32) | (tail & 0xFFFFFFFFL);
                        s.rows[e]++;
                        if ((keyInfo[i] & 1) == 0) {
                            keyInfo[i] |= 1;
                            s.addMatch(e, hash, a, w, from, to);
                        }
                    } else if (q >= 0) { // same side: waits behind the others
                        next[tail - firstHalf] = h;
                        keySlots[2 * i + 1] = ((long) q << 32) | (h & 0xFFFFFFFFL);
                    } else { // the queue emptied: this half starts it again
                        keySlots[2 * i + 1] = ((long) h << 32) | (h & 0xFFFFFFFFL);
                    }
                    return;
                }
            }
            i = (i + 1) & mask;
        }
        keySlots[2 * i] = tag;
        keySlots[2 * i + 1] = ((long) h << 32) | (h & 0xFFFFFFFFL);
        keyInfo[i] = e << 1;
        if (++keysUsed * 2 > keyInfo.length) {
            growKeys();
        }
    }

    /** Room for the run's half {@code local}: out of line, as {@link RunSummary}'s growth. */
    private void growHalves(int local) {
        int n = Math.max(local + 1, next.length * 2);
        next = Arrays.copyOf(next, n);
        halfK0 = Arrays.copyOf(halfK0, n);
        halfK1 = Arrays.copyOf(halfK1, n);
    }

    /** Doubles the key table, moving the current run's keys. */
    private void growKeys() {
        long[] oldSlots = keySlots;
        int[] oldInfo = keyInfo;
        int n = oldInfo.length * 2;
        keySlots = new long[2 * n];
        keyInfo = new int[n];
        int mask = n - 1;
        for (int j = 0; j < oldInfo.length; j++) {
            if ((int) (oldSlots[2 * j] >>> 32) == stamp) {
                int i = ((int) oldSlots[2 * j] ^ mix(oldInfo[j] >>> 1)) & mask;
                while ((int) (keySlots[2 * i] >>> 32) == stamp) {
                    i = (i + 1) & mask;
                }
                keySlots[2 * i] = oldSlots[2 * j];
                keySlots[2 * i + 1] = oldSlots[2 * j + 1];
                keyInfo[i] = oldInfo[j];
            }
        }
    }

    /** Whether half {@code q} of the run has key {@code data[from, to)}, whose first two words are {@code a} and {@code w}. */
    private boolean sameKey(RunSummary s, int q, byte[] data, int from, int to, long a, long w) {
        int qf = s.halfKeyFrom[q];
        int qt = s.halfKeyTo[q];
        if (qt - qf != to - from || halfK0[q - firstHalf] != a || halfK1[q - firstHalf] != w) {
            return false;
        }
        return to - from <= KeyHash.INLINE || Arrays.equals(data, qf, qt, data, from, to);
    }
}
