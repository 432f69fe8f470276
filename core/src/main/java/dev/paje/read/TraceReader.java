package dev.paje.read;

import dev.paje.store.Names;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads trace text and hands its events, in file order, to a sink. A file is split into chunks at
 * line boundaries that worker threads tokenize in parallel ({@link ChunkTokenizer}); this thread
 * then feeds the sink chunk after chunk. Lines the tokenizers leave raw (header lines,
 * definitions, containers, user fields, anything wrong) take the general path here, with the
 * header as it stands at that line. Files named by {@code PajeTraceFile} are read in place.
 */
public final class TraceReader {

    private final ReadOptions options;
    private final EventSink sink;
    private final Diagnostics diagnostics;
    private final Names names;
    private final int threads;
    private final Deque<Path> reading = new ArrayDeque<>();
    private final NameMaps maps;
    private Progress progress;
    private long lines;
    private long events;
    private long definitions;
    /** Lines of the file the user named (0 until it is read): whole-file problems point at its last line. */
    private long topLines;
    /** The sink of runs summarized by the tokenizer threads, when only checking ({@link #summarizing}), else null. */
    private RunSink summaries;
    /** Problems of a run simulated container by container, reported in line order at its end. */
    private final java.util.List<Problem> deferred = new java.util.ArrayList<>();

    public TraceReader(ReadOptions options, EventSink sink, Diagnostics diagnostics, Names names, int threads,
            Progress progress) {
        this.options = options;
        this.sink = sink;
        this.diagnostics = diagnostics;
        this.names = names;
        this.threads = Math.max(1, threads);
        this.maps = new NameMaps(names);
        this.progress = progress == null ? Progress.NONE : progress;
    }

    /**
     * Has the tokenizer threads summarize the runs of entity events of a file read in parallel, for a sink
     * that only checks the trace ({@link RunSummary}); a run it cannot apply exactly ends the read with
     * {@link RunSummary.Fallback}.
     */
    public TraceReader summarizing() {
        if (!(sink instanceof RunSink s)) {
            throw new IllegalStateException("the sink takes no summarized runs: " + sink);
        }
        summaries = s;
        return this;
    }

    /** Reads a trace file and everything it includes, then finishes the sink. */
    public void read(Path file) throws IOException {
        Path absolute = file.toAbsolutePath().normalize();
        reading.push(absolute);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            readChannel(channel, file.toString(), absolute.getParent());
        } finally {
            reading.clear();
            progress.done();
        }
        finish(file.toString());
    }

    /** Reads a trace from a stream (stdin); included files resolve against {@code baseDir}. */
    public void read(InputStream in, String name, Path baseDir) throws IOException {
        try {
            readStream(in, name, baseDir);
        } finally {
            progress.done();
        }
        finish(name);
    }

    /**
     * Reads a trace whose entity events come from {@code source} as values: its prologue as text (header,
     * definitions, containers), then its entity events straight to the sink, numbered as the lines they stand for.
     */
    public void read(EntitySource source, String name, Path baseDir) throws IOException {
        FileState state = new FileState(name, baseDir, new Header(options.legacyNames()));
        try {
            consumeStream(new java.io.ByteArrayInputStream(source.prologue()), state);
            EntityFeed feed = new EntityFeed(this, state, sink, diagnostics, names, progress);
            try {
                source.entities(feed);
            } finally {
                state.lineBase += feed.lines();
                lines += feed.lines();
                events += feed.events();
            }
            endOfFile(state);
        } finally {
            progress.done();
        }
        finish(name);
    }

    /** One line of an {@link EntitySource} that takes the general path, as its text would. */
    void general(FileState state, byte[] text, long number) {
        try {
            handle(state, text, 0, text.length, number);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e); // only PajeTraceFile lines read files; entity lines never do
        }
    }

    /** Lines read, all files included. */
    public long lines() {
        return lines;
    }

    /** Event lines handed to the sink. */
    public long events() {
        return events;
    }

    private void finish(String name) {
        if (events == 0) {
            // about the whole file, so located at its last line: where events were expected at the latest
            String what = definitions == 0 ? "empty trace: no event definitions and no events"
                    : "trace has a header but no events: nothing to simulate (expected event lines after the header)";
            diagnostics.report(new Problem(name, topLines, what, null));
        }
        sink.finish();
    }

    // ---- a file: chunks tokenized in parallel, consumed in order

    private void readChannel(FileChannel channel, String name, Path baseDir) throws IOException {
        long size = channel.size();
        progress.start(name, size);
        int chunk = options.chunkSize();
        byte[] head = new byte[(int) Math.min(size, ReadOptions.HEAD)];
        readFully(channel, ByteBuffer.wrap(head), 0);
        Header snapshot = Header.prefix(head, head.length, options.legacyNames());
        Chunks cuts = new Chunks(channel, size, chunk, Math.min(chunk, FIRST_CHUNK));
        Header header = new Header(options.legacyNames());
        FileState state = new FileState(name, baseDir, header);
        if (threads <= 1 || size <= chunk) {
            ChunkTokenizer tokenizer = new ChunkTokenizer(maps, options.groupByContainer());
            BatchPool pool = new BatchPool();
            long from = 0;
            for (long to = cuts.next(); to >= 0; to = cuts.next()) {
                Batch batch = read(channel, from, to, pool);
                consume(tokenizer.tokenize(batch, snapshot), state);
                pool.give(batch);
                progress.advance(to);
                from = to;
            }
        } else {
            parallel(channel, cuts, snapshot, state, threads);
        }
        endOfFile(state);
    }

    /**
     * The first chunk's size: the reader thread waits for the first batch, tokenized by code not compiled yet,
     * so a small one lets the simulation start sooner; the next ones double up to the chunk size.
     */
    static final int FIRST_CHUNK = 64 << 10;

    private void parallel(FileChannel channel, Chunks cuts, Header snapshot, FileState state, int workers)
            throws IOException {
        ThreadLocal<ChunkTokenizer> tokenizers =
                ThreadLocal.withInitial(() -> new ChunkTokenizer(maps, options.groupByContainer()));
        ThreadLocal<RunSummarizer> summarizers = ThreadLocal.withInitial(RunSummarizer::new);
        boolean summarize = summaries != null;
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "paje-tokenizer");
            t.setDaemon(true);
            return t;
        });
        BatchPool batches = new BatchPool();
        try {
            Deque<Future<Batch>> pending = new ArrayDeque<>();
            Deque<Long> ends = new ArrayDeque<>();
            long from = 0; // the end of the chunks submitted
            long consumed = 0; // the end of the chunks consumed
            boolean more = true;
            // two chunks' bytes per worker ahead of this thread, counted in bytes: the first, smaller chunks
            // then come in greater number, and the workers have work while this thread reads the header
            long ahead = workers * 2L * cuts.chunkSize();
            while (true) {
                while (more && from - consumed < ahead) {
                    long to = cuts.next();
                    if (to < 0) {
                        more = false;
                        break;
                    }
                    long start = from;
                    pending.addLast(pool.submit(() -> {
                        ChunkTokenizer tokenizer = tokenizers.get();
                        Batch b = read(channel, start, to, batches);
                        if (!summarize) {
                            return tokenizer.tokenize(b, snapshot, null, null);
                        }
                        RunSummary summary = b.summary == null ? new RunSummary() : b.summary; // a recycled batch keeps its own
                        return tokenizer.tokenize(b, snapshot, summarizers.get(), summary);
                    }));
                    ends.addLast(to);
                    from = to;
                }
                if (pending.isEmpty()) {
                    break;
                }
                Batch batch = pending.removeFirst().get();
                consume(batch, state);
                batches.give(batch);
                consumed = ends.removeFirst();
                progress.advance(consumed);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading " + state.name);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IOException(cause);
        } finally {
            pool.shutdownNow();
        }
    }

    /** A batch of {@code pool} holding the bytes {@code [from, to)} of the file, to tokenize. */
    static Batch read(FileChannel channel, long from, long to, BatchPool pool) throws IOException {
        int length = (int) (to - from);
        Batch b = pool.take(length);
        readFully(channel, ByteBuffer.wrap(b.data, 0, length), from);
        return b;
    }

    static void readFully(FileChannel channel, ByteBuffer buf, long position) throws IOException {
        long pos = position;
        while (buf.hasRemaining()) {
            int n = channel.read(buf, pos);
            if (n < 0) {
                throw new IOException("file shrank while being read");
            }
            pos += n;
        }
    }

    // ---- a stream: blocks cut at the last newline, tokenized on this thread

    private void readStream(InputStream in, String name, Path baseDir) throws IOException {
        FileState state = new FileState(name, baseDir, new Header(options.legacyNames()));
        consumeStream(in, state);
        endOfFile(state);
    }

    private void consumeStream(InputStream in, FileState state) throws IOException {
        String name = state.name;
        Header header = state.header;
        ChunkTokenizer tokenizer = new ChunkTokenizer(maps, options.groupByContainer());
        progress.start(name, -1);
        byte[] buf = new byte[options.chunkSize()];
        int len = 0;
        long total = 0;
        while (true) {
            int n = in.readNBytes(buf, len, buf.length - len);
            len += n;
            total += n;
            boolean eof = len < buf.length;
            int cut = len;
            if (!eof) {
                cut = lastNewline(buf, len);
                if (cut < 0) { // one line longer than the buffer: grow it
                    buf = java.util.Arrays.copyOf(buf, buf.length * 2);
                    continue;
                }
            }
            byte[] data = java.util.Arrays.copyOf(buf, cut + ChunkTokenizer.PAD); // room for the tokenizer's newlines
            consume(tokenizer.tokenize(data, cut, header), state);
            progress.advance(total);
            if (eof) {
                break;
            }
            len -= cut;
            System.arraycopy(buf, cut, buf, 0, len);
        }
    }

    private static int lastNewline(byte[] buf, int len) {
        for (int i = len - 1; i >= 0; i--) {
            if (buf[i] == '\n') {
                return i + 1;
            }
        }
        return -1;
    }

    // ---- in-order consumption

    /** Per-file reading state: its header and how many lines came before the current chunk. */
    static final class FileState {
        final String name;
        final Path baseDir;
        final Header header;
        final Line line = new Line();
        long lineBase;

        FileState(String name, Path baseDir, Header header) {
            this.name = name;
            this.baseDir = baseDir;
            this.header = header;
            line.file = name;
        }
    }

    private void consume(Batch b, FileState state) throws IOException {
        int[] map = maps.map(b);
        RunSummary summary = b.summary;
        if (summary != null && summary.failed()) {
            throw new RunSummary.Fallback("a run of line " + (state.lineBase + 1) + "'s chunk: " + summary.failure());
        }
        if (summary != null) {
            consumeSummarized(b, summary, map, state);
            return;
        }
        int i = 0;
        while (i < b.size) {
            if (b.def[i] == null) {
                int from = b.offset[i];
                handle(state, b.data, from, b.lineEnd(from), state.lineBase + b.line[i] + 1);
                i++;
                continue;
            }
            int j = i + 1;
            while (j < b.size && b.def[j] != null) {
                j++;
            }
            run(b, i, j, map, state);
            i = j;
        }
        state.lineBase += b.lines;
        lines += b.lines;
    }

    /**
     * {@link #consume} of a batch whose runs were summarized: its columns hold only the raw records, the runs are
     * the summary's ({@link ChunkTokenizer} writes nothing for their records).
     */
    private void consumeSummarized(Batch b, RunSummary summary, int[] map, FileState state) throws IOException {
        int i = 0;
        for (int r = 0; r <= summary.runs; r++) {
            int next = r < summary.runs ? summary.runFrom[r] : b.size;
            for (; i < next; i++) {
                int from = b.offset[i];
                handle(state, b.data, from, b.lineEnd(from), state.lineBase + b.line[i] + 1);
            }
            if (r < summary.runs) {
                applySummary(summary, r, map, state);
                i = summary.runTo[r];
            }
        }
        state.lineBase += b.lines;
        lines += b.lines;
    }

    /**
     * Records {@code [from, to)} of {@code b}, all tokenized entity events. The tokenizer may have
     * grouped them by container ({@link ContainerGroups}): they are simulated in that order when
     * nothing in them depends on the order between containers, else in file order.
     */
    private void run(Batch b, int from, int to, int[] map, FileState state) throws IOException {
        boolean inOrder = true;
        for (int k = from + 1; k < to && inOrder; k++) {
            inOrder = b.line[k] > b.line[k - 1];
        }
        boolean definitionOpen = state.header.definitionOpen();
        if (inOrder || definitionOpen || !commutes(b, from, to, map)) {
            int[] order = inOrder ? null : fileOrder(b, from, to);
            for (int k = from; k < to; k++) {
                int r = order == null ? k : order[k - from];
                long number = state.lineBase + b.line[r] + 1;
                if (definitionOpen) {
                    int start = b.offset[r];
                    handle(state, b.data, start, b.lineEnd(start), number);
                    continue;
                }
                events++;
                Problem p = record(b, r, map, number, state);
                if (p != null) {
                    diagnostics.report(p);
                }
            }
            return;
        }
        deferred.clear();
        int warmed = from;
        int keysWarmed = from;
        for (int k = from; k < to; k++) {
            if (k == warmed) {
                warmed = warm(b, k, to, map);
            }
            if (k == keysWarmed) {
                keysWarmed = warmKeys(b, k, to);
            }
            Problem p = record(b, k, map, state.lineBase + b.line[k] + 1, state);
            if (p != null) {
                deferred.add(p);
            }
        }
        events += to - from;
        if (deferred.isEmpty()) {
            return;
        }
        deferred.sort(java.util.Comparator.comparingLong(Problem::line));
        for (Problem p : deferred) {
            try {
                diagnostics.report(p);
            } catch (TraceException e) { // reading stops at that line: the run's later lines were not read
                long last = p.line() - state.lineBase - 1;
                for (int k = from; k < to; k++) {
                    if (b.line[k] > last) {
                        events--;
                    }
                }
                throw e;
            }
        }
    }

    /** Run {@code r} of {@code summary}: the sink applies the run at once. */
    private void applySummary(RunSummary summary, int r, int[] map, FileState state) {
        if (state.header.definitionOpen()) {
            throw new RunSummary.Fallback("line " + (state.lineBase + 1) + "'s chunk: a run inside an open definition");
        }
        summary.lineBase = state.lineBase;
        summary.map(r, map);
        summaries.applyRun(summary, r);
        events += summary.runTo[r] - summary.runFrom[r];
    }

    /** Containers whose state the sink warms up at once ({@link #warm}): 12-32 alike, 4 worse (RESULTS.md, wt-load16). */
    private static final int WARM_GROUPS = 16;
    private final int[] warming = new int[WARM_GROUPS];

    /**
     * Has the sink warm up the containers of the next {@link #WARM_GROUPS} groups of records from {@code k} (a run
     * grouped by container, {@link ContainerGroups}); returns the index of the first record after them.
     */
    private int warm(Batch b, int k, int to, int[] map) {
        int[] containers = b.container;
        int n = 0;
        int c = containers[k];
        warming[n++] = map[c];
        int j = k + 1;
        for (; j < to; j++) {
            if (containers[j] != c) {
                if (n == warming.length) {
                    break;
                }
                c = containers[j];
                warming[n++] = map[c];
            }
        }
        sink.touch(warming, n);
        return j;
    }

    /** Records whose link keys {@link #warmKeys} reads at once: 16-64 measured alike (bench/RESULTS.md, wt-load16). */
    private static final int WARM_KEYS = 32;
    /** What {@link #warmKeys} read: kept so that its reads are not dropped as dead code. */
    private long keysRead;

    /**
     * Reads the link keys of records {@code [k, k + WARM_KEYS)} in the chunk's bytes (written by a tokenizer thread, cold
     * here): their cache misses in flight together, not one per link as the simulator compares the key; returns the
     * index of the first record after them.
     */
    private int warmKeys(Batch b, int k, int to) {
        int end = Math.min(to, k + WARM_KEYS);
        byte[] data = b.data;
        long sum = 0;
        for (int j = k; j < end; j++) {
            if (b.def[j].keyPosition >= 0) {
                sum += data[b.key[j]] + data[Math.max(b.key[j], b.keyEnd[j] - 1)];
            }
        }
        keysRead += sum;
        return end;
    }

    /**
     * The (type, value) pairs of the batch's records that {@link #commutes} found declared, direct-mapped by value:
     * a run repeats few pairs, and a value once declared stays so (the run has no definition in it).
     */
    private final long[] declared = new long[256];

    /** Whether no record of {@code [from, to)} depends on the order between containers. */
    private boolean commutes(Batch b, int from, int to, int[] map) {
        long[] seen = declared;
        java.util.Arrays.fill(seen, -1L);
        for (int k = from; k < to; k++) {
            int value = b.value[k];
            if (value >= 0) {
                int type = b.type[k];
                long pair = (long) type << 32 | value;
                int slot = value & (seen.length - 1);
                if (seen[slot] != pair) {
                    if (!sink.commutes(map[type], map[value])) {
                        return false;
                    }
                    seen[slot] = pair;
                }
            }
        }
        return true;
    }

    /** The indexes of records {@code [from, to)} sorted by line. */
    private static int[] fileOrder(Batch b, int from, int to) {
        long[] keyed = new long[to - from];
        for (int k = from; k < to; k++) {
            keyed[k - from] = (long) b.line[k] << 32 | k;
        }
        java.util.Arrays.sort(keyed);
        int[] order = new int[keyed.length];
        for (int k = 0; k < order.length; k++) {
            order[k] = (int) keyed[k];
        }
        return order;
    }

    /** Simulates record {@code k}; the problem it has, or null. */
    private Problem record(Batch b, int k, int[] map, long number, FileState state) {
        EventDefinition def = b.def[k];
        // the link and user columns hold values only for definitions with those fields (Batch#other): not read otherwise
        boolean keyed = def.keyPosition >= 0;
        int key = keyed ? b.key[k] : -1;
        try {
            sink.entity(number, def.kind(), b.time[k], map[b.type[k]], map[b.container[k]],
                    b.value[k] < 0 ? -1 : map[b.value[k]], b.number[k],
                    def.otherPosition < 0 ? -1 : map[b.other[k]], b.data, key, keyed ? b.keyEnd[k] : -1);
            if (def.userCount > 0) {
                int[] user = def.userPositions();
                sink.userField(def.kind(), def.fieldNames().get(user[0]), map[b.user0[k]]);
                if (def.userCount > 1) {
                    sink.userField(def.kind(), def.fieldNames().get(user[1]), map[b.user1[k]]);
                }
            }
            return null;
        } catch (EventError e) {
            int from = b.offset[k];
            int to = b.lineEnd(from);
            if (to > from && b.data[to - 1] == '\r') {
                to--;
            }
            return new Problem(state.name, number, e.getMessage(),
                    new String(b.data, from, to - from, java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    private void endOfFile(FileState state) {
        if (reading.size() <= 1) { // the file the user named, not one it includes
            topLines = state.lineBase;
        }
        if (state.header.definitionOpen()) {
            diagnostics.report(new Problem(state.name, state.header.openLine(),
                    "unfinished event definition at the end of the file: expected %EndEventDef",
                    state.header.openText()));
        }
    }

    /** The general path for one line: header lines, definitions, containers, user fields, errors. */
    private void handle(FileState state, byte[] buf, int from, int to, long number) throws IOException {
        Line line = state.line;
        Header header = state.header;
        line.buf = buf;
        line.number = number;
        line.lineStart = from;
        int lineEnd = to;
        if (lineEnd > from && buf[lineEnd - 1] == '\r') {
            lineEnd--;
        }
        line.lineEnd = lineEnd;
        try {
            if (!LineScanner.scan(buf, from, to, line)) {
                return;
            }
            if (buf[line.start[0]] == '%') {
                header.accept(line);
                definitions++;
                return;
            }
            if (header.definitionOpen()) {
                throw new EventError("event line inside the unfinished event definition started at line "
                        + header.openLine() + ": expected a field ('% NAME TYPE') or %EndEventDef");
            }
            EventDefinition def = header.lookup(line);
            if (def == null) {
                throw new EventError(header.isEmpty()
                        ? "event line before any %EventDef: expected the header first, found event id '" + line.text(0) + "'"
                        : "unknown event id '" + line.text(0) + "': no %EventDef defines it");
            }
            int found = line.count - 1;
            if (found != def.fieldCount()) {
                throw new EventError(def.kind().specName() + " (id " + def.id() + ", defined at line " + def.line()
                        + ") expects " + def.fieldCount() + " field" + (def.fieldCount() == 1 ? "" : "s")
                        + " (" + String.join(" ", def.fieldNames()) + "), found " + found);
            }
            events++;
            if (def.kind() == EventKind.TRACE_FILE) {
                include(def, line, state.baseDir);
            } else {
                sink.event(def, line);
            }
        } catch (EventError e) {
            diagnostics.report(new Problem(state.name, number, e.getMessage(), line.raw()));
        }
    }

    private void include(EventDefinition def, Line line, Path baseDir) throws IOException {
        if (!options.followTraceFiles()) {
            return;
        }
        String name = line.text(1 + def.position(Field.FILENAME));
        if (name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")) {
            name = name.substring(1, name.length() - 1);
        }
        Path target = (baseDir == null ? Path.of(name) : baseDir.resolve(name)).toAbsolutePath().normalize();
        if (reading.contains(target)) {
            diagnostics.warn(new Problem(line.file, line.number,
                    "PajeTraceFile names '" + name + "', which is already being read: ignored", line.raw()));
            return;
        }
        if (Files.isDirectory(target)) {
            throw new EventError("PajeTraceFile names '" + name + "', which is a directory, not a trace file");
        }
        InputStream in;
        try {
            in = Files.newInputStream(target);
        } catch (NoSuchFileException e) {
            diagnostics.warn(new Problem(line.file, line.number, "PajeTraceFile names '" + name
                    + "', which does not exist (looked for " + target + "): ignored", line.raw()));
            return;
        } catch (IOException e) {
            throw new EventError("PajeTraceFile names '" + name + "', which cannot be read ("
                    + (Files.isDirectory(target) ? "it is a directory" : e.getMessage()) + ")");
        }
        reading.push(target);
        Progress outer = progress;
        progress = Progress.NONE;
        try (in) {
            readStream(in, target.toString(), target.getParent());
        } finally {
            reading.pop();
            progress = outer;
        }
    }
}
