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
    /** Null when records stay in file order. */
    private final ContainerGroups groups;

    /**
     * Direct-mapped caches in front of {@link #names}, for names of 1 to 16 bytes (types,
     * containers, values): they return the id {@link #names} gave the same bytes, so ids are
     * exactly those of the table; emptied when the table is replaced. Names of at most 7 bytes:
     * entry {@code i} is {@code shortCache[2i]}, the bytes zero-padded with the length in the top
     * byte (never 0), and {@code shortCache[2i+1]}, the id: one 16-byte pair, one cache line. Names
     * of 8 to 16 bytes: {@code longCache[4i, 4i+1]} the bytes zero-padded, {@code longCache[4i+2]}
     * {@code id << 5 | length} (0: empty).
     */
    private static final int CACHE_BITS = 12;
    /**
     * Short names are most of a trace's names: a thousand containers fill a quarter of 4096 slots, and
     * a fifth of them then collide (1.2% of lookups missed on the 1 GB synthetic trace, each a probe of
     * the name table); 16384 slots (256 KB, touched sparsely) miss 0.13%.
     */
    private static final int SHORT_CACHE_BITS = 14;
    private final long[] shortCache = new long[2 << SHORT_CACHE_BITS];
    private final long[] longCache = new long[4 << CACHE_BITS];

    ChunkTokenizer(NameMaps maps, boolean groupByContainer) {
        this.maps = maps;
        this.worker = maps.newWorker();
        this.groups = groupByContainer ? new ContainerGroups() : null;
    }

    /**
     * Bytes past a chunk's data that {@link #tokenize} sets to newlines: the fast path then reads a line's words
     * with no test against the data's end (a line's masks read at most 64 bytes from its start, which is before
     * the end), and a line that ends the data without a newline ends there, as if it had one.
     */
    static final int PAD = 64;

    /** Tokenizes {@code data[0, length)}; copied when the array has less than {@link #PAD} bytes of room past it. */
    Batch tokenize(byte[] data, int length, Header header) {
        return tokenize(new Batch(data.length - length >= PAD ? data : java.util.Arrays.copyOf(data, length + PAD),
                length, 1), header);
    }

    /**
     * Tokenizes the chunk {@code b} was {@link Batch#reset reset} to, into {@code b} (its columns grow as needed);
     * its array must have {@link #PAD} bytes of room past the chunk ({@link BatchPool} gives such arrays).
     */
    Batch tokenize(Batch b, Header header) {
        return tokenize(b, header, null, null);
    }

    /**
     * {@link #tokenize(Batch, Header)}; with {@code summarizer}, the entity records are summarized into {@code summary}
     * as they are taken from the staging area ({@link RunSummary}) instead of being written to the batch's columns,
     * which then hold only each record's definition, offset and line.
     */
    Batch tokenize(Batch b, Header header, RunSummarizer summarizer, RunSummary summary) {
        if (names.size() > MAX_LOCAL_NAMES) {
            names = new Names();
            worker = maps.newWorker();
            java.util.Arrays.fill(shortCache, 0);
            java.util.Arrays.fill(longCache, 0);
        }
        byte[] data = b.data;
        int length = b.length;
        java.util.Arrays.fill(data, length, length + PAD, (byte) '\n'); // fails at once on an array without room
        staged = 0;
        defCount = 0;
        java.util.Arrays.fill(idCache, 0);
        chunkLength = length;
        b.worker = worker;
        line.buf = data;
        int pos = 0;
        int number = 0;
        while (pos < length) {
            int nl = fastRecord(b, header, pos, number);
            if (nl < 0) {
                nl = LineScanner.scanLine(data, pos, length, line);
                if (line.count > 0) {
                    record(b, header, pos, number);
                } else if (line.count < 0) {
                    scanAndRecord(b, header, pos, nl, number);
                }
            }
            number++;
            pos = nl + 1;
        }
        b.lines = number;
        b.names = names.view();
        if (summarizer == null) {
            fill(b, groups == null ? null : groups.order(containers, staged, names.size()));
        } else {
            // a check's records in file order, not grouped: the staging area read in sequence, which saves more than
            // the entry look-ups grouping saved the summarizer's loop (bench/RESULTS.md, session 16)
            fillSummarized(b, summarizer, summary);
        }
        b.summary = summary;
        return b;
    }

    /**
     * Records are staged here, one {@value Records#STRIDE}-long record each (layout in {@link Records}),
     * not in the batch's thirteen columns: grouping by container then reads each record from one
     * place ({@link #fill}) instead of scattering thirteen columns (a cache miss each).
     */
    private long[] rec = new long[Records.STRIDE * 1024];
    /**
     * Per staged record, its container (low {@value #CONTAINER_BITS} bits) and its definition's slot (the
     * bits above), -1 for a raw line: all that grouping reads (a small array), and one read less per
     * record in {@link #fill}'s scattered reads than two arrays. A record whose container or slot does not
     * fit is staged raw (the general path reads it).
     */
    private int[] containers = new int[1024];
    static final int CONTAINER_BITS = 24;
    static final int CONTAINER_MASK = (1 << CONTAINER_BITS) - 1;
    /** Slots up to this fit above the container, the sign bit left clear. */
    private static final int MAX_SLOT = 127;
    /** The two user fields of each staged record, when its definition has some. */
    private long[] users = new long[1024];
    /** The other container and the key (start and end, or -1) of each staged record: read back only for definitions that have them. */
    private int[] others = new int[1024];
    private long[] keys = new long[1024];
    private int staged;
    /** Bytes of the chunk being tokenized: sizes the staging arrays. */
    private int chunkLength;
    /** The definitions of the staged records: slot 0 is a raw line. */
    private EventDefinition[] defs = new EventDefinition[16];
    private int defCount;
    /** Per definition slot, its {@link RunSummarizer#op}. */
    private int[] ops = new int[16];
    /** Per definition slot, the positions of its name fields in {@link #nameIds}' order (-1: none). */
    private int[][] namePositions = new int[16][];
    /** Name fields of a fast record: type, container, value, other, two user fields. */
    private static final int NAME_FIELDS = 6;
    private static final int FIRST_USER = 4;
    private final int[] nameIds = new int[NAME_FIELDS];

    /** Stages a raw record and returns the index of its first long; {@link #stage} makes it a fast one. */
    private int add(int lineStart, int lineNumber) {
        int i = staged++;
        int base = i * Records.STRIDE;
        if (i == containers.length) {
            grow(i, lineStart);
        }
        containers[i] = -1;
        rec[base + Records.AT] = Records.pair(lineStart, lineNumber);
        return base;
    }

    /**
     * Room for the chunk's records, estimated from the {@code have} records of its first {@code at}
     * bytes: not doubled, since the arrays are kept for the next chunks (a small -Xmx counts them).
     */
    private void grow(int have, int at) {
        long estimate = (long) have * chunkLength / Math.max(1, at);
        int n = (int) Math.min(Integer.MAX_VALUE / Records.STRIDE, Math.max(estimate + estimate / 32, have) + 1024);
        rec = java.util.Arrays.copyOf(rec, n * Records.STRIDE);
        containers = java.util.Arrays.copyOf(containers, n);
        users = java.util.Arrays.copyOf(users, n);
        others = java.util.Arrays.copyOf(others, n);
        keys = java.util.Arrays.copyOf(keys, n);
    }

    /** The slot of {@code def} in {@link #defs}: a trace uses a handful of definitions, so a short scan. */
    private int slot(EventDefinition def) {
        EventDefinition[] d = defs;
        for (int s = 1; s <= defCount; s++) {
            if (d[s] == def) {
                return s;
            }
        }
        if (++defCount == d.length) {
            defs = d = java.util.Arrays.copyOf(d, d.length * 2);
            namePositions = java.util.Arrays.copyOf(namePositions, d.length);
            shapes = java.util.Arrays.copyOf(shapes, d.length);
            ops = java.util.Arrays.copyOf(ops, d.length);
        }
        d[defCount] = def;
        ops[defCount] = RunSummarizer.op(def);
        int[] user = def.userPositions();
        namePositions[defCount] = new int[] {def.typePosition, def.containerPosition, def.valuePosition,
            def.otherPosition, user.length > 0 ? user[0] : -1, user.length > 1 ? user[1] : -1};
        shapes[defCount] = shape(def, namePositions[defCount]);
        return defCount;
    }

    /**
     * Per definition slot, its shape when {@link #walkRecord} reads its lines, else null: the time first, then
     * only name fields, then maybe a last number or key. Element 0: {@link #TAIL_NONE}, {@link #TAIL_NUMBER} or
     * {@link #TAIL_KEY} (bits 0-3), the kind (bits 4-7) and the elements used (bits 8 and up); element {@code f} (1 to
     * the name fields' count): the index in {@link #nameIds} of field f.
     */
    private int[][] shapes = new int[16][];
    private static final int TAIL_NONE = 0;
    private static final int TAIL_NUMBER = 1;
    private static final int TAIL_KEY = 2;

    private static int[] shape(EventDefinition def, int[] names) {
        int fields = def.fieldCount();
        if (def.timePosition != 0 || def.typePosition < 0 || def.containerPosition < 0) {
            return null;
        }
        int[] shape = new int[fields];
        int tail = TAIL_NONE;
        for (int f = 1; f < fields; f++) {
            int role = -1;
            for (int j = 0; j < NAME_FIELDS; j++) {
                if (names[j] == f) {
                    role = j;
                }
            }
            if (role >= 0) {
                shape[f] = role;
            } else if (f == fields - 1 && f == def.numberPosition) {
                tail = TAIL_NUMBER;
            } else if (f == fields - 1 && f == def.keyPosition) {
                tail = TAIL_KEY;
            } else {
                return null; // a field not read (ignored, or a number or key inside): the split's path
            }
        }
        int count = tail == TAIL_NONE ? fields - 1 : fields - 2; // name fields
        int kind = tail == TAIL_NONE && count == 2 ? KIND_2
                : tail == TAIL_NONE && count == 3 ? KIND_3
                : tail == TAIL_NUMBER && count == 2 ? KIND_2_NUMBER
                : tail == TAIL_KEY && count == 4 ? KIND_4_KEY
                : KIND_ANY;
        int length = tail == TAIL_NONE ? fields : fields - 1;
        shape[0] = tail | kind << 4 | length << 8;
        // at least eight long, the length in element 0: C2 merges the range checks of shape[0..4] into one at shape[0],
        // which failed (a recompilation of walkRecord) at the first line of a shorter shape
        return java.util.Arrays.copyOf(shape, Math.max(8, length));
    }

    /**
     * The shapes of most lines (states, variables, events, links), each read by code of its own: one branch per
     * line on the definition, the rest predicted (a loop over the fields exited at a count that changes from line to
     * line, and tests of the tail, were mispredicted branches).
     */
    private static final int KIND_ANY = 0;
    private static final int KIND_2 = 1;
    private static final int KIND_3 = 2;
    private static final int KIND_2_NUMBER = 3;
    private static final int KIND_4_KEY = 4;

    /** Writes the staged records into {@code b}'s columns in the order {@code src} (null: as staged). */
    private void fill(Batch b, int[] src) {
        int n = staged;
        b.ensure(n); // exact: a recycled batch keeps its columns
        b.size = n;
        long[] r = rec;
        int[] cs = containers;
        int[] os = others;
        long[] ks = keys;
        EventDefinition[] slots = defs;
        EventDefinition[] def = b.def;
        int[] offset = b.offset;
        int[] line = b.line;
        double[] time = b.time;
        double[] number = b.number;
        int[] type = b.type;
        int[] container = b.container;
        int[] value = b.value;
        int[] other = b.other;
        int[] key = b.key;
        int[] keyEnd = b.keyEnd;
        int[] user0 = b.user0;
        int[] user1 = b.user1;
        for (int k = 0; k < n; k++) {
            int i = src == null ? k : src[k];
            int base = i * Records.STRIDE;
            long at = r[base + Records.AT];
            offset[k] = (int) at;
            line[k] = (int) (at >>> 32);
            int c = cs[i];
            if (c < 0) {
                def[k] = null; // a raw line
                continue;
            }
            int s = c >>> CONTAINER_BITS;
            EventDefinition d = slots[s];
            def[k] = d;
            time[k] = Double.longBitsToDouble(r[base + Records.TIME]);
            number[k] = Double.longBitsToDouble(r[base + Records.NUMBER]);
            long x = r[base + Records.TYPE_VALUE];
            type[k] = (int) x;
            value[k] = (int) (x >>> 32);
            container[k] = c & CONTAINER_MASK;
            // the link and user columns only for definitions that have those fields (Batch#other): five
            // stores less per record here, and five loads less per record where the records are simulated
            if (d.otherPosition >= 0) {
                other[k] = os[i];
            }
            if (d.keyPosition >= 0) {
                x = ks[i];
                key[k] = (int) x;
                keyEnd[k] = (int) (x >>> 32);
            }
            if (d.userCount > 0) {
                x = users[i];
                user0[k] = (int) x;
                user1[k] = (int) (x >>> 32);
            }
        }
    }

    /**
     * {@link #fill} for a check, in file order: raw records as there, each run of entity records handed to
     * {@code summarizer} straight from the staging area ({@link RunSummarizer#run}); the batch's columns are written
     * for the raw records only (the reader finds the runs in the summary).
     */
    private void fillSummarized(Batch b, RunSummarizer summarizer, RunSummary summary) {
        int n = staged;
        b.ensure(n);
        b.size = n;
        long[] r = rec;
        int[] cs = containers;
        EventDefinition[] def = b.def;
        int[] offset = b.offset;
        int[] line = b.line;
        summarizer.begin(b, summary);
        int k = 0;
        while (k < n) {
            if (cs[k] < 0) { // a raw line
                long at = r[k * Records.STRIDE + Records.AT];
                def[k] = null;
                offset[k] = (int) at;
                line[k] = (int) (at >>> 32);
                k++;
                continue;
            }
            int j = k + 1;
            while (j < n && cs[j] >= 0) {
                j++;
            }
            summarizer.run(summary, k, j, r, cs, others, keys, ops);
            k = j;
        }
    }

    /** Fields a line may have and still take {@link #fastRecord}. */
    private static final int FAST_FIELDS = 16;
    private final int[] fieldFrom = new int[FAST_FIELDS];
    private final int[] fieldTo = new int[FAST_FIELDS];
    /**
     * Per field of 1 to 7 bytes, its short-name cache key as {@link #intern} makes it (the bytes zero-padded, the
     * length in the top byte); 0 for a longer field: the split already holds the word, so names are not read again.
     */
    private final long[] fieldKey = new long[FAST_FIELDS];

    /**
     * The common line in one pass, without {@link LineScanner}: a numeric event id of a fast
     * definition, then its fields, each after exactly one space, made of ordinary bytes (none below
     * '$'), the last one ending the line. Finds the id's definition, then reads its fields by the definition's
     * shape ({@link #walkRecord}) or by position ({@link #splitRecord}), checks the numbers, then records the line
     * exactly as {@link #record} would. Returns the index of the line's
     * newline (or {@code length}), or -1 having recorded nothing: then the general path reads the line.
     */
    private int fastRecord(Batch b, Header header, int pos, int number) {
        byte[] d = b.data;
        long w = word(d, pos);
        // the id ends at the first byte below '$', which must be a space after 1 to 4 bytes
        int idLength = Long.numberOfTrailingZeros(Swar.belowDollar(w)) >>> 3;
        if (((idLength - 1) & ~3) != 0 || (w >>> (idLength << 3) & 0xFF) != ' ') { // the first test: 0, or more than 4
            return -1; // not a short id followed by a space: header, blank, comment, odd line
        }
        int idKey = (int) (w & ((1L << (idLength << 3)) - 1)); // the id's bytes, none zero
        int idx = idIndex(idKey, idLength);
        long entry = idCache[idx];
        int slot = (int) entry == idKey ? (int) (entry >>> 32) : cacheId(header, d, pos, idLength, idKey, idx);
        if (slot == 0) {
            return -1; // not a definition of the fast path
        }
        int[] shape = shapes[slot];
        if (shape != null) {
            return walkRecord(d, pos + idLength + 1, slot, shape, pos, number);
        }
        return splitRecord(d, pos + idLength + 1, slot, pos, number);
    }

    /** The last time's first eight bytes, converted once for the lines whose times share them. */
    private final TimePrefix times = new TimePrefix();

    /** An empty slot of {@link #nameIds}: a name the caches did not hold, interned once the line is known good. */
    private static final int MISSED = -2;
    private final int[] missFrom = new int[NAME_FIELDS];
    private final int[] missTo = new int[NAME_FIELDS];

    /**
     * {@link #fastRecord} of a definition of a common {@link #shapes shape}, in one walk over the line: each name
     * field is found, cut into its cache key and looked up from the word read at its start, with no mask of the
     * whole line, no positions stored and no loop over absent roles. Names the caches miss are interned after the
     * line is known good, in the roles' order (as {@link #record} interns them: the same ids).
     */
    private int walkRecord(byte[] d, int p, int slot, int[] shape, int pos, int number) {
        // the time's two words serve its end, the byte after it and its digits: two loads, not five
        long a = word(d, p);
        long b = word(d, p + 8);
        int n = length(d, p, a, b); // the time's length
        int e = p + n;
        if (n == 0 || d[e] != ' ') { // a shape has two name fields at least (type, container)
            return -1;
        }
        double time = n >= 8 && n <= 15 ? times.read(a, b, n) : -1;
        if (time < 0) {
            time = n <= 16 ? Numbers.words(a, b, n) : -1;
            if (time < 0 && Double.isNaN(time = Numbers.field(d, p, e))) { // the rare forms: field reads them
                return -1;
            }
        }
        int[] id = nameIds; // the type and the container: every shape's walk sets them
        id[2] = -1;
        id[3] = -1;
        id[4] = -1;
        id[5] = -1;
        double num = 0;
        long key = -1;
        switch (shape[0] >>> 4 & 15) {
            case KIND_2 -> {
                if ((e = name(d, e + 1, shape[1], ' ')) < 0 || (e = name(d, e + 1, shape[2], '\n')) < 0) {
                    return -1;
                }
            }
            case KIND_3 -> {
                if ((e = name(d, e + 1, shape[1], ' ')) < 0 || (e = name(d, e + 1, shape[2], ' ')) < 0
                        || (e = name(d, e + 1, shape[3], '\n')) < 0) {
                    return -1;
                }
            }
            case KIND_2_NUMBER -> {
                if ((e = name(d, e + 1, shape[1], ' ')) < 0 || (e = name(d, e + 1, shape[2], ' ')) < 0) {
                    return -1;
                }
                p = e + 1;
                long va = word(d, p);
                long vb = word(d, p + 8);
                e = p + length(d, p, va, vb);
                if (e == p || d[e] != '\n' || Double.isNaN(num = value(d, p, e, va, vb))) {
                    return -1;
                }
            }
            case KIND_4_KEY -> {
                if ((e = name(d, e + 1, shape[1], ' ')) < 0 || (e = name(d, e + 1, shape[2], ' ')) < 0
                        || (e = name(d, e + 1, shape[3], ' ')) < 0 || (e = name(d, e + 1, shape[4], ' ')) < 0) {
                    return -1;
                }
                p = e + 1;
                e = p + length(d, p, word(d, p), word(d, p + 8));
                if (e == p || d[e] != '\n') {
                    return -1;
                }
                key = Records.pair(p, e); // not interned: keys are often unique per link
            }
            default -> {
                int fields = shape[0] >>> 8;
                int tail = shape[0] & 15;
                int last = tail == TAIL_NONE ? fields - 1 : fields; // the index of the line's last field
                for (int f = 1; f < fields; f++) {
                    if ((e = name(d, e + 1, shape[f], f == last ? '\n' : ' ')) < 0) {
                        return -1;
                    }
                }
                if (tail != TAIL_NONE) {
                    p = e + 1;
                    e = fieldEnd(d, p);
                    if (e == p || d[e] != '\n') {
                        return -1;
                    }
                    if (tail == TAIL_NUMBER) {
                        num = Numbers.field(d, p, e);
                        if (Double.isNaN(num)) {
                            return -1;
                        }
                    } else {
                        key = Records.pair(p, e); // not interned: keys are often unique per link
                    }
                }
            }
        }
        if (missed) {
            missed = false;
            internMissed(d);
        }
        // staged here, not by add and stage: the record's fields written once, no division back to its index
        int i = staged++;
        if (i == containers.length) {
            grow(i, pos);
        }
        int base = i * Records.STRIDE;
        long[] r = rec;
        r[base + Records.AT] = Records.pair(pos, number);
        r[base + Records.TIME] = Double.doubleToRawLongBits(time);
        r[base + Records.NUMBER] = Double.doubleToRawLongBits(num);
        r[base + Records.TYPE_VALUE] = Records.pair(id[0], id[2]);
        int container = id[1];
        containers[i] = (container & ~CONTAINER_MASK) == 0 ? container | slot << CONTAINER_BITS : -1; // slot <= MAX_SLOT
        if (id[3] >= 0) { // as stage
            others[i] = id[3];
        }
        if (key >= 0) {
            keys[i] = key;
        }
        if (id[4] >= 0) {
            users[i] = Records.pair(id[4], id[5]);
        }
        return e;
    }

    /**
     * The length of the field at {@code p} (up to its first byte below '$'), whose first sixteen bytes are the words
     * {@code a} and {@code b}: without a branch on the word that ends it, which C2 would compile for the lengths met
     * first and trap on at the first longer one (a link key reaching eight bytes: k1000000).
     */
    private static int length(byte[] d, int p, long a, long b) {
        int ta = Long.numberOfTrailingZeros(Swar.belowDollar(a)); // 64: none in a
        int tb = Long.numberOfTrailingZeros(Swar.belowDollar(b));
        int n = (ta >>> 3) + (ta >>> 6) * (tb >>> 3); // ta = 64: 8 + the bytes of b before its stop
        return n < 16 ? n : longFieldEnd(d, p + 16) - p;
    }

    /**
     * A variable's value at {@code [p, e)}, whose first sixteen bytes are the words {@code a} and {@code b}: its sign
     * taken off without a branch (values of both signs alternate), the rest read by {@link Numbers#words}, so most
     * values need no call to {@link Numbers#field}; the same double as {@code field}.
     */
    private static double value(byte[] d, int p, int e, long a, long b) {
        int minus = ((int) a & 0xFF) == '-' ? 1 : 0;
        int shift = minus << 3;
        int n = e - p - minus;
        if (n >= 1 && n <= 16) {
            double v = Numbers.words(a >>> shift | b << 1 << (63 - shift), b >>> shift, n);
            if (v >= 0) {
                return Double.longBitsToDouble(Double.doubleToRawLongBits(v) ^ (long) minus << 63); // -v when signed
            }
        }
        return Numbers.field(d, p, e);
    }

    /** Whether a name of the line being walked is {@link #MISSED}. */
    private boolean missed;

    /**
     * Reads the name field at {@code p}, which must end with {@code sep}, into {@link #nameIds}{@code [role]}
     * from the name caches ({@link #MISSED} when not there: interned later); returns its end, or -1 when
     * it is empty or ends otherwise. Sets {@link #missed} on a miss, even for a line then not recorded: harmless,
     * since {@link #walkRecord} empties {@link #nameIds} first.
     */
    private int name(byte[] d, int p, int role, int sep) {
        long x = word(d, p);
        long stop = Swar.belowDollar(x);
        int v = MISSED;
        int e;
        int after; // the byte after the name: from the word when it holds it, no load
        if (stop != 0) {
            int len = Long.numberOfTrailingZeros(stop) >>> 3;
            e = p + len;
            after = (int) (x >>> (len << 3)) & 0xFF;
            long key = (x & ((1L << (len << 3)) - 1)) | (long) len << 56; // as intern keys it; 0: empty
            int c = 2 * (int) ((key * 0x9E3779B97F4A7C15L) >>> (64 - SHORT_CACHE_BITS));
            long[] cache = shortCache;
            if (cache[c] == key) {
                v = (int) cache[c + 1];
            }
        } else {
            long y = word(d, p + 8);
            stop = Swar.belowDollar(y);
            if (stop != 0) { // 8 to 15 bytes (an event's value: checkpoint): the long-name cache here, not on the miss path
                int rest = Long.numberOfTrailingZeros(stop) >>> 3;
                e = p + 8 + rest;
                after = (int) (y >>> (rest << 3)) & 0xFF;
                long k1 = y & ((1L << (rest << 3)) - 1); // as intern keys it
                int len = 8 + rest;
                int c = longSlot(x, k1, len);
                long[] cache = longCache;
                if ((cache[c + 2] & 31) == len && cache[c] == x && cache[c + 1] == k1) {
                    v = (int) (cache[c + 2] >>> 5);
                }
            } else {
                e = longFieldEnd(d, p + 16);
                after = d[e];
            }
        }
        if (e == p || after != sep) {
            return -1;
        }
        nameIds[role] = v;
        if (v == MISSED) {
            missed = true;
            missFrom[role] = p;
            missTo[role] = e;
        }
        return e;
    }

    /** Interns the names of {@link #nameIds} the caches missed, in the roles' order. */
    private void internMissed(byte[] d) {
        int[] id = nameIds;
        for (int j = 0; j < NAME_FIELDS; j++) {
            if (id[j] == MISSED) {
                id[j] = intern(d, missFrom[j], missTo[j]);
            }
        }
    }

    /** The end of the field at {@code p}: its first byte below '$'. */
    private static int fieldEnd(byte[] d, int p) {
        long stop = Swar.belowDollar(word(d, p));
        if (stop != 0) {
            return p + (Long.numberOfTrailingZeros(stop) >>> 3);
        }
        stop = Swar.belowDollar(word(d, p + 8));
        return stop != 0 ? p + 8 + (Long.numberOfTrailingZeros(stop) >>> 3) : longFieldEnd(d, p + 16);
    }

    /** {@link #fastRecord} of any fast definition: the line split into its fields, then read by position. */
    private int splitRecord(byte[] d, int start, int slot, int pos, int number) {
        EventDefinition def = defs[slot];
        int lineEnd = split(d, start, def.fieldCount());
        if (lineEnd < 0) {
            return -1;
        }
        int[] from = fieldFrom;
        int[] to = fieldTo;
        int tp = def.timePosition;
        double time = Numbers.parse(d, from[tp], to[tp]);
        if (Double.isNaN(time)) {
            return -1;
        }
        double num = 0;
        int np = def.numberPosition;
        if (np >= 0) {
            num = Numbers.parse(d, from[np], to[np]);
            if (Double.isNaN(num)) {
                return -1;
            }
        }
        int[] names = namePositions[slot];
        int[] id = nameIds;
        long[] keys = fieldKey;
        long[] cache = shortCache;
        for (int j = 0; j < NAME_FIELDS; j++) { // the short-name cache inline: a call per name costs more than a hit
            int n = names[j];
            if (n < 0) {
                id[j] = -1;
                continue;
            }
            long key = keys[n];
            int v = -1;
            if (key != 0) {
                int c = 2 * (int) ((key * 0x9E3779B97F4A7C15L) >>> (64 - SHORT_CACHE_BITS));
                if (cache[c] == key) {
                    v = (int) cache[c + 1];
                }
            }
            id[j] = v >= 0 ? v : intern(d, from[n], to[n]); // one call site: the JIT inlines the miss path once
        }
        int kp = def.keyPosition;
        long key = kp >= 0 ? Records.pair(from[kp], to[kp]) : -1; // not interned: keys are often unique per link
        int base = add(pos, number);
        stage(base, slot, time, num, id[0], id[1], id[2], id[3], key, id[4], id[5]);
        return lineEnd;
    }

    /**
     * The eight bytes at {@code pos} of a chunk, its {@link #PAD} newlines past the data included: no test of the
     * data's end per word, and no branch that C2 compiles as never taken until a chunk's last line reaches it
     * (a recompilation of {@link #fastRecord} early in every load, bench/RESULTS.md, session 9).
     */
    private static long word(byte[] d, int pos) {
        return (long) Swar.LONGS.get(d, pos);
    }

    /**
     * Splits the {@code fields} fields starting at {@code p} into {@link #fieldFrom}, {@link #fieldTo} and
     * {@link #fieldKey}, one field after the other: a field ends at its first byte below '$', found in the word
     * at its start (in the next one for 8 to 15 bytes); that byte must be a space, the last field's a newline,
     * and no field is empty. No mask of the whole line, no count of separators: one word and a few operations
     * per field of a name's size. Returns the index of the line's newline (or {@code length}), or -1.
     */
    private int split(byte[] d, int p, int fields) {
        int[] from = fieldFrom;
        int[] to = fieldTo;
        long[] keys = fieldKey;
        int bad = 0;
        int last = fields - 1;
        for (int f = 0; ; f++) {
            long x = word(d, p);
            long stop = Swar.belowDollar(x);
            int e;
            long k = 0;
            if (stop != 0) {
                int len = Long.numberOfTrailingZeros(stop) >>> 3; // 0 to 7
                e = p + len;
                k = (x & ((1L << (len << 3)) - 1)) | (long) len << 56; // 0 for an empty field
            } else {
                long y = word(d, p + 8);
                stop = Swar.belowDollar(y);
                e = stop != 0 ? p + 8 + (Long.numberOfTrailingZeros(stop) >>> 3) : longFieldEnd(d, p + 16);
            }
            from[f] = p;
            to[f] = e;
            keys[f] = k;
            int s = d[e];
            int empty = e == p ? 1 : 0;
            if (f == last) {
                return (bad | empty | (s ^ '\n')) == 0 ? e : -1;
            }
            bad |= empty | (s ^ ' ');
            p = e + 1;
        }
    }

    /** The first byte below '$' from {@code p} on: the end of a field of 16 bytes or more. */
    private static int longFieldEnd(byte[] d, int p) {
        int q = p;
        while (true) {
            long stop = Swar.belowDollar(word(d, q));
            if (stop != 0) {
                return q + (Long.numberOfTrailingZeros(stop) >>> 3);
            }
            q += 8;
        }
    }

    /**
     * Per event id of 1 to 4 bytes, its bytes (low half) and the slot of its definition in {@link #defs}
     * (high half; 0: the id's lines do not take the fast path); a slot whose low half is not the id is
     * not its entry. Replaces, per line, the header's lookup, the definition's checks and the slot scan.
     * Emptied per chunk: a stream's header changes between chunks.
     */
    private final long[] idCache = new long[1024];

    /** The entry of {@link #idCache} for an id: its first two bytes' low digits and its length, so ids below 100 never collide. */
    private static int idIndex(int idKey, int idLength) {
        return (idKey & 0x0F) | (idKey >>> 4 & 0xF0) | (idLength << 8 & 0x300);
    }

    /** Looks the id at {@code pos} up in the header, caches the result at {@code idx} and returns its slot (0: not fast). */
    private int cacheId(Header header, byte[] d, int pos, int idLength, int idKey, int idx) {
        int slot = 0;
        byte first = d[pos];
        if (first >= '0' && first <= '9') { // other ids ('%' lines among them) take the general path
            line.start[0] = pos;
            line.end[0] = pos + idLength;
            EventDefinition def = header.lookup(line);
            if (def != null && def.fast() && def.fieldCount() > 0 && def.fieldCount() <= FAST_FIELDS) {
                slot = slot(def);
                slot = slot <= MAX_SLOT ? slot : 0;
            }
        }
        idCache[idx] = (long) slot << 32 | (idKey & 0xFFFFFFFFL);
        return slot;
    }

    /** A line the fast scanner left alone: tokenized by the reference scanner, then recorded. */
    private void scanAndRecord(Batch b, Header header, int from, int to, int number) {
        boolean tokens;
        try {
            tokens = LineScanner.scan(b.data, from, to, line);
        } catch (EventError e) {
            add(from, number);
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
            add(from, number);
            return;
        }
        double time = line.number(1 + def.timePosition);
        if (Double.isNaN(time)) {
            add(from, number);
            return;
        }
        double num = 0;
        if (def.numberPosition >= 0) {
            num = line.number(1 + def.numberPosition);
            if (Double.isNaN(num)) {
                add(from, number);
                return;
            }
        }
        int type = intern(1 + def.typePosition);
        int container = intern(1 + def.containerPosition);
        int value = def.valuePosition >= 0 ? intern(1 + def.valuePosition) : -1;
        int other = def.otherPosition >= 0 ? intern(1 + def.otherPosition) : -1;
        int kp = 1 + def.keyPosition;
        long key = kp > 0 ? Records.pair(line.start[kp], line.end[kp]) : -1; // not interned: keys are often unique per link
        int[] user = def.userPositions();
        int user0 = user.length > 0 ? intern(1 + user[0]) : -1;
        int user1 = user.length > 1 ? intern(1 + user[1]) : -1;
        int base = add(from, number);
        stage(base, slot(def), time, num, type, container, value, other, key, user0, user1);
    }

    /**
     * Fills the fields of the record staged at {@code base}, of definition {@code slot}; {@code key}: start
     * and end, or -1. A container or slot too large to pack leaves the record raw.
     */
    private void stage(int base, int slot, double time, double num, int type, int container, int value, int other,
            long key, int user0, int user1) {
        long[] r = rec;
        r[base + Records.TIME] = Double.doubleToRawLongBits(time);
        r[base + Records.NUMBER] = Double.doubleToRawLongBits(num);
        r[base + Records.TYPE_VALUE] = Records.pair(type, value);
        int i = base / Records.STRIDE;
        containers[i] = (container & ~CONTAINER_MASK) == 0 && slot <= MAX_SLOT ? container | slot << CONTAINER_BITS : -1;
        // the link and user fields only when there are some, as fill reads them: most records have none, and
        // these three arrays were a fifth of the staged bytes written per record
        if (other >= 0) {
            others[i] = other;
        }
        if (key >= 0) {
            keys[i] = key;
        }
        if (user0 >= 0) {
            users[i] = Records.pair(user0, user1);
        }
    }

    /**
     * The entry of {@link #longCache} for a name of 8 to 16 bytes: its two words zero-padded, and its length ({@link
     * #intern} computes it in line, the same way).
     */
    private static int longSlot(long k0, long k1, int len) {
        long h = (k0 * 0x9E3779B97F4A7C15L) ^ (k1 * 0xC2B2AE3D27D4EB4FL) ^ len;
        return 4 * (int) ((h ^ (h >>> 29)) * 0x9E3779B97F4A7C15L >>> (64 - CACHE_BITS));
    }

    private int intern(int token) {
        return intern(line.buf, line.start[token], line.end[token]);
    }

    /**
     * The id of {@code buf[from, to)}, through the caches. Deliberately one method of more than 325
     * bytecodes (the JIT's FreqInlineSize, 331 now): {@link #walkRecord} inlines only the cache hits and
     * calls this on a miss (through {@link #internMissed}, small, inlined); inlined there, it quadrupled
     * walkRecord's C2 compile time (bench/RESULTS.md, session 18).
     */
    private int intern(byte[] buf, int from, int to) {
        int len = to - from;
        if (len == 0 || len > 16 || from + 16 > buf.length) {
            return names.intern(buf, from, to);
        }
        long k0 = (long) Swar.LONGS.get(buf, from);
        if (len < 8) {
            long key = (k0 & ((1L << (len << 3)) - 1)) | (long) len << 56;
            int slot = 2 * (int) ((key * 0x9E3779B97F4A7C15L) >>> (64 - SHORT_CACHE_BITS));
            long[] cache = shortCache;
            if (cache[slot] == key) {
                return (int) cache[slot + 1];
            }
            int id = names.intern(buf, from, to);
            cache[slot] = key;
            cache[slot + 1] = id;
            return id;
        }
        int rest = len - 8;
        long k1 = rest == 0 ? 0 : (long) Swar.LONGS.get(buf, from + 8) & (-1L >>> (64 - (rest << 3)));
        // longSlot written out, as before it was one: that call kept this method under FreqInlineSize (303 bytecodes),
        // and C2 then inlined the miss path (this, Names.intern, its probe and growth) into walkRecord through
        // internMissed: 160 ms of C2 for walkRecord instead of 40, while the tokenizers run its C1 code
        long h = (k0 * 0x9E3779B97F4A7C15L) ^ (k1 * 0xC2B2AE3D27D4EB4FL) ^ len;
        int slot = 4 * (int) ((h ^ (h >>> 29)) * 0x9E3779B97F4A7C15L >>> (64 - CACHE_BITS));
        long[] cache = longCache;
        long entry = cache[slot + 2];
        if ((entry & 31) == len && cache[slot] == k0 && cache[slot + 1] == k1) {
            return (int) (entry >>> 5);
        }
        int id = names.intern(buf, from, to);
        cache[slot] = k0;
        cache[slot + 1] = k1;
        cache[slot + 2] = (long) id << 5 | len;
        return id;
    }
}
