package dev.paje.read;

import java.util.Arrays;

/**
 * The entity events of a batch's runs (records between two raw lines), summarized per container
 * and type by the tokenizer thread that tokenized them, for a simulation that only checks the trace
 * ({@code paje validate --no-cache}): the simulating thread then applies a few thousand summaries per
 * chunk ({@link RunSink}) instead of simulating tens of thousands of events.
 *
 * <p>A summary is exact or it says it cannot be: it keeps what each check of the simulator needs
 * (the first and last times, how deep a state stack goes below where it started, whether a variable
 * starts with a set, the link halves left waiting and the keys matched inside the run), and
 * {@link #failed()} when a run has something the simulator would report, or that a summary cannot
 * carry. The simulator throws {@link Fallback} when a summary cannot be applied exactly; the loader
 * then simulates the trace event by event, which reports every problem as it always did.
 *
 * <p>Names are the tokenizer's local ids until {@link #map} turns a run's into the reader's global ids.
 * Lines are indexes in the chunk until {@link #line} adds the chunk's first line.
 */
public final class RunSummary {
    /** What an entry summarizes: its events' kind. */
    public static final byte STATE = 0;
    public static final byte EVENT = 1;
    public static final byte VARIABLE = 2;
    public static final byte LINK = 3;

    /** Thrown by a {@link RunSink} when a run cannot be applied exactly: the trace is then simulated in order. */
    public static final class Fallback extends RuntimeException {
        public Fallback(String why) {
            super(why, null, false, false);
        }
    }

    byte[] data;
    long lineBase;
    String failure;

    // runs: the records they cover and where their entries, values, others, halves and matched keys end
    int runs;
    int[] runFrom = new int[4];
    int[] runTo = new int[4];
    int[] entryEnd = new int[4];
    int[] valueEnd = new int[4];
    int[] otherEnd = new int[4];
    int[] halfEnd = new int[4];
    int[] matchEnd = new int[4];
    double[] runMin = new double[4];
    double[] runMax = new double[4];

    // entries: one per container and type of a run
    int entries;
    int[] container = new int[256];
    int[] type = new int[256];
    byte[] kind = new byte[256];
    int[] count = new int[256];
    /** Rows the events add: states opened, events, distinct variable times, links matched in the run. */
    int[] rows = new int[256];
    double[] firstTime = new double[256];
    double[] lastTime = new double[256];
    double[] maxTime = new double[256];
    int[] lastLine = new int[256];
    int[] maxLine = new int[256];
    /** States: depth at the end (absolute once a set or reset came, else relative to the start). */
    int[] depth = new int[256];
    boolean[] absolute = new boolean[256];
    /** States: the lowest depth and the highest before a push (MIN_VALUE: none), relative to the start, before a set or reset. */
    int[] lowest = new int[256];
    int[] highest = new int[256];
    /** Variables: whether the first change is a set, whether there is one, the value after the last one. */
    boolean[] firstSet = new boolean[256];
    boolean[] hasSet = new boolean[256];
    double[] current = new double[256];
    /** Variables without a set in the run: their changes in order, a list through {@link #deltaNext}. */
    int[] deltaHead = new int[256];
    int[] deltaTail = new int[256];

    int deltas;
    double[] delta = new double[256];
    int[] deltaNext = new int[256];

    // distinct (type, value) names of the states, events and links of a run, with their first line
    int values;
    int[] valueType = new int[64];
    int[] valueName = new int[64];
    int[] valueLine = new int[64];

    // distinct (entry, other container, side) of the links of a run
    int others;
    int[] otherEntry = new int[64];
    int[] otherName = new int[64];
    boolean[] otherStart = new boolean[64];

    // link halves, in record order; those matched inside the run are marked taken
    int halves;
    int[] halfEntry = new int[256];
    int[] halfKeyFrom = new int[256];
    int[] halfKeyTo = new int[256];
    /** Each half's key's {@link KeyHash} hash and words: the simulating thread replays a half without reading its key. */
    int[] halfHash = new int[256];
    long[] halfK0 = new long[256];
    long[] halfK1 = new long[256];
    int[] halfValue = new int[256];
    int[] halfOther = new int[256];
    int[] halfLine = new int[256];
    double[] halfTime = new double[256];
    boolean[] halfStart = new boolean[256];
    boolean[] halfTaken = new boolean[256];

    // keys with a match inside a run: no half may have waited under them before it
    int matches;
    int[] matchEntry = new int[64];
    int[] matchHash = new int[64];
    long[] matchK0 = new long[64];
    long[] matchK1 = new long[64];
    int[] matchFrom = new int[64];
    int[] matchTo = new int[64];

    void reset(byte[] data) {
        this.data = data;
        failure = null;
        runs = 0;
        entries = 0;
        deltas = 0;
        values = 0;
        others = 0;
        halves = 0;
        matches = 0;
    }

    // ---- what the simulator reads

    /** Why the runs cannot be summarized (something the simulator would report, or that a summary cannot carry), or null. */
    public String failure() {
        return failure;
    }

    public boolean failed() {
        return failure != null;
    }

    /** The bytes of the chunk: link keys are read from them. */
    public byte[] data() {
        return data;
    }

    /** The line number in the file of a line index of the chunk. */
    public long line(int index) {
        return lineBase + index + 1;
    }

    public int entryStart(int run) {
        return run == 0 ? 0 : entryEnd[run - 1];
    }

    public int entryEnd(int run) {
        return entryEnd[run];
    }

    public int valueStart(int run) {
        return run == 0 ? 0 : valueEnd[run - 1];
    }

    public int valueEnd(int run) {
        return valueEnd[run];
    }

    public int otherStart(int run) {
        return run == 0 ? 0 : otherEnd[run - 1];
    }

    public int otherEnd(int run) {
        return otherEnd[run];
    }

    public int halfStart(int run) {
        return run == 0 ? 0 : halfEnd[run - 1];
    }

    public int halfEnd(int run) {
        return halfEnd[run];
    }

    public int matchStart(int run) {
        return run == 0 ? 0 : matchEnd[run - 1];
    }

    public int matchEnd(int run) {
        return matchEnd[run];
    }

    /** The earliest and the latest time of a run's events. */
    public double runMinTime(int run) {
        return runMin[run];
    }

    public double runMaxTime(int run) {
        return runMax[run];
    }

    public int container(int e) {
        return container[e];
    }

    public int type(int e) {
        return type[e];
    }

    /** {@link #STATE}, {@link #EVENT}, {@link #VARIABLE} or {@link #LINK}. */
    public byte kind(int e) {
        return kind[e];
    }

    public int count(int e) {
        return count[e];
    }

    public int rows(int e) {
        return rows[e];
    }

    public double firstTime(int e) {
        return firstTime[e];
    }

    public double lastTime(int e) {
        return lastTime[e];
    }

    /** The latest time of the entry's events, and the line of the last event at that time (the container's clock). */
    public double maxTime(int e) {
        return maxTime[e];
    }

    public long maxLine(int e) {
        return line(maxLine[e]);
    }

    public long lastLine(int e) {
        return line(lastLine[e]);
    }

    public int depth(int e) {
        return depth[e];
    }

    public boolean absolute(int e) {
        return absolute[e];
    }

    public int lowest(int e) {
        return lowest[e];
    }

    public int highest(int e) {
        return highest[e];
    }

    public boolean firstSet(int e) {
        return firstSet[e];
    }

    /** A variable's value after the run: {@code from} (its value before) or its last set, changed by the run's deltas. */
    public double current(int e, double from) {
        if (hasSet[e]) {
            return current[e];
        }
        double v = from;
        for (int d = deltaHead[e]; d >= 0; d = deltaNext[d]) {
            v += delta[d]; // in order, one at a time: the same rounding as event by event
        }
        return v;
    }

    public int valueType(int v) {
        return valueType[v];
    }

    public int valueName(int v) {
        return valueName[v];
    }

    public long valueLine(int v) {
        return line(valueLine[v]);
    }

    public int otherEntry(int o) {
        return otherEntry[o];
    }

    public int otherName(int o) {
        return otherName[o];
    }

    /** Whether other container {@code o} is where its links start (else where they end). */
    public boolean otherIsStart(int o) {
        return otherStart[o];
    }

    public int halfEntry(int h) {
        return halfEntry[h];
    }

    /** Whether half {@code h} found its other half inside the run (else it is replayed against the halves waiting). */
    public boolean halfTaken(int h) {
        return halfTaken[h];
    }

    public int halfKeyFrom(int h) {
        return halfKeyFrom[h];
    }

    public int halfKeyTo(int h) {
        return halfKeyTo[h];
    }

    public int halfHash(int h) {
        return halfHash[h];
    }

    public long halfK0(int h) {
        return halfK0[h];
    }

    public long halfK1(int h) {
        return halfK1[h];
    }

    /** Whether half {@code h} is a link's start (else its end). */
    public boolean halfIsStart(int h) {
        return halfStart[h];
    }

    public int halfValue(int h) {
        return halfValue[h];
    }

    public int halfOther(int h) {
        return halfOther[h];
    }

    public double halfTime(int h) {
        return halfTime[h];
    }

    public long halfLine(int h) {
        return line(halfLine[h]);
    }

    public int matchEntry(int m) {
        return matchEntry[m];
    }

    public int matchHash(int m) {
        return matchHash[m];
    }

    public long matchK0(int m) {
        return matchK0[m];
    }

    public long matchK1(int m) {
        return matchK1[m];
    }

    public int matchFrom(int m) {
        return matchFrom[m];
    }

    public int matchTo(int m) {
        return matchTo[m];
    }

    /** Turns run {@code r}'s local name ids into the reader's global ones. */
    void map(int r, int[] map) {
        for (int e = entryStart(r); e < entryEnd[r]; e++) {
            container[e] = map[container[e]];
            type[e] = map[type[e]];
        }
        for (int v = valueStart(r); v < valueEnd[r]; v++) {
            valueType[v] = map[valueType[v]];
            valueName[v] = map[valueName[v]];
        }
        for (int o = otherStart(r); o < otherEnd[r]; o++) {
            otherName[o] = map[otherName[o]];
        }
        for (int h = halfStart(r); h < halfEnd[r]; h++) {
            halfValue[h] = map[halfValue[h]];
            halfOther[h] = map[halfOther[h]];
        }
    }

    // ---- what the summarizer appends

    /** Appends a link half of entry {@code e}, its key with its {@link KeyHash} hash and words, not taken yet; returns its index. */
    int addHalf(int e, int keyFrom, int keyTo, int hash, long k0, long k1, int value, int other, int line, double time,
            boolean start) {
        ensureHalves();
        int h = halves++;
        halfEntry[h] = e;
        halfKeyFrom[h] = keyFrom;
        halfKeyTo[h] = keyTo;
        halfHash[h] = hash;
        halfK0[h] = k0;
        halfK1[h] = k1;
        halfValue[h] = value;
        halfOther[h] = other;
        halfLine[h] = line;
        halfTime[h] = time;
        halfStart[h] = start;
        halfTaken[h] = false;
        return h;
    }

    /** Appends a key of entry {@code e} matched inside the run, with its {@link KeyHash} hash and words. */
    void addMatch(int e, int hash, long k0, long k1, int keyFrom, int keyTo) {
        ensureMatches();
        int m = matches++;
        matchEntry[m] = e;
        matchHash[m] = hash;
        matchK0[m] = k0;
        matchK1[m] = k1;
        matchFrom[m] = keyFrom;
        matchTo[m] = keyTo;
    }

    // ---- growth: out of line (a cold call, not inlined), so that the summarizer's compilations stay small

    void ensureRuns() {
        if (runs == runFrom.length) {
            growRuns();
        }
    }

    private void growRuns() {
        int n = runs * 2;
        runFrom = Arrays.copyOf(runFrom, n);
        runTo = Arrays.copyOf(runTo, n);
        entryEnd = Arrays.copyOf(entryEnd, n);
        valueEnd = Arrays.copyOf(valueEnd, n);
        otherEnd = Arrays.copyOf(otherEnd, n);
        halfEnd = Arrays.copyOf(halfEnd, n);
        matchEnd = Arrays.copyOf(matchEnd, n);
        runMin = Arrays.copyOf(runMin, n);
        runMax = Arrays.copyOf(runMax, n);
    }

    void ensureEntries() {
        if (entries == container.length) {
            growEntries();
        }
    }

    private void growEntries() {
        int n = entries * 2;
        container = Arrays.copyOf(container, n);
        type = Arrays.copyOf(type, n);
        kind = Arrays.copyOf(kind, n);
        count = Arrays.copyOf(count, n);
        rows = Arrays.copyOf(rows, n);
        firstTime = Arrays.copyOf(firstTime, n);
        lastTime = Arrays.copyOf(lastTime, n);
        maxTime = Arrays.copyOf(maxTime, n);
        lastLine = Arrays.copyOf(lastLine, n);
        maxLine = Arrays.copyOf(maxLine, n);
        depth = Arrays.copyOf(depth, n);
        absolute = Arrays.copyOf(absolute, n);
        lowest = Arrays.copyOf(lowest, n);
        highest = Arrays.copyOf(highest, n);
        firstSet = Arrays.copyOf(firstSet, n);
        hasSet = Arrays.copyOf(hasSet, n);
        current = Arrays.copyOf(current, n);
        deltaHead = Arrays.copyOf(deltaHead, n);
        deltaTail = Arrays.copyOf(deltaTail, n);
    }

    void ensureDeltas() {
        if (deltas == delta.length) {
            growDeltas();
        }
    }

    private void growDeltas() {
        delta = Arrays.copyOf(delta, deltas * 2);
        deltaNext = Arrays.copyOf(deltaNext, deltas * 2);
    }

    void ensureValues() {
        if (values == valueType.length) {
            growValues();
        }
    }

    private void growValues() {
        int n = values * 2;
        valueType = Arrays.copyOf(valueType, n);
        valueName = Arrays.copyOf(valueName, n);
        valueLine = Arrays.copyOf(valueLine, n);
    }

    void ensureOthers() {
        if (others == otherEntry.length) {
            growOthers();
        }
    }

    private void growOthers() {
        int n = others * 2;
        otherEntry = Arrays.copyOf(otherEntry, n);
        otherName = Arrays.copyOf(otherName, n);
        otherStart = Arrays.copyOf(otherStart, n);
    }

    private void ensureHalves() {
        if (halves == halfEntry.length) {
            growHalves();
        }
    }

    private void growHalves() {
        int n = halves * 2;
        halfEntry = Arrays.copyOf(halfEntry, n);
        halfKeyFrom = Arrays.copyOf(halfKeyFrom, n);
        halfKeyTo = Arrays.copyOf(halfKeyTo, n);
        halfHash = Arrays.copyOf(halfHash, n);
        halfK0 = Arrays.copyOf(halfK0, n);
        halfK1 = Arrays.copyOf(halfK1, n);
        halfValue = Arrays.copyOf(halfValue, n);
        halfOther = Arrays.copyOf(halfOther, n);
        halfLine = Arrays.copyOf(halfLine, n);
        halfTime = Arrays.copyOf(halfTime, n);
        halfStart = Arrays.copyOf(halfStart, n);
        halfTaken = Arrays.copyOf(halfTaken, n);
    }

    private void ensureMatches() {
        if (matches == matchEntry.length) {
            growMatches();
        }
    }

    private void growMatches() {
        int n = matches * 2;
        matchEntry = Arrays.copyOf(matchEntry, n);
        matchHash = Arrays.copyOf(matchHash, n);
        matchK0 = Arrays.copyOf(matchK0, n);
        matchK1 = Arrays.copyOf(matchK1, n);
        matchFrom = Arrays.copyOf(matchFrom, n);
        matchTo = Arrays.copyOf(matchTo, n);
    }
}
