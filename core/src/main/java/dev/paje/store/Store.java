package dev.paje.store;

import java.io.IOException;

/**
 * Where a trace being simulated puts its entities: a {@link StoreFile} being written and the
 * {@link KeyLog} of its link keys. The simulator asks it for new tables; the loader seals it.
 */
public final class Store {
    private final StoreFile file;
    private final KeyLog keys;

    private final boolean summaries;
    private final int threads;
    /** Entity rows are counted, not kept ({@link #dropping()}). */
    private final boolean drop;
    /**
     * Build the summaries while the tables are written ({@link LiveSummary}) instead of at seal (which
     * reads every large table back: a 7.3 GB store on 10 GB): off by default (system property
     * {@code paje.summaries.live=true}): on 1 GB at a 256 MB heap the viewer was ready after 26 s instead
     * of 12–13 s (the simulating thread does it all; bench/RESULTS.md, wt-sum sessions 4 and 5).
     */
    private final boolean live = Boolean.getBoolean("paje.summaries.live");
    /** The heap the summaries' staged level rows share (built while writing). */
    private final StageBudget stages = StageBudget.forHeap();
    /**
     * The aggregates' coarse levels accumulated while writing ({@link AggregateLive}), when summaries are built at seal;
     * off with {@code -Dpaje.aggregates.live=false} (every level then from the rows at seal).
     */
    private final AggregateLive aggregates;
    /** The first screen's variables' coarse levels accumulated while writing ({@link #firstScreen}), or null. */
    private VariableLiveCoarse variables;

    /** A store; with {@code summaries}, large state, variable and event tables get their zoomed-out summaries when sealed. */
    public Store(StoreFile file, boolean summaries) {
        this(file, summaries, 1);
    }

    /** A store whose summaries are built by {@code threads} threads. */
    public Store(StoreFile file, boolean summaries, int threads) {
        this.summaries = summaries;
        this.threads = Math.max(1, threads);
        this.file = file;
        this.drop = false;
        this.keys = new KeyLog(new Rows(1, file), 0);
        this.aggregates = summaries && !live && !"false".equals(System.getProperty("paje.aggregates.live"))
                ? AggregateLive.forHeap() : null;
        if (summaries && live) {
            // the pool (3/8 of the heap, 88 MB at 256 MB) is the load's largest bounded use of the heap;
            // staged rows and builders on top of it left the old generation full: a full GC for each
            // young one. A 10th of the heap (16 MB at least) still holds the blocks being filled of a
            // few thousand tables (bench/RESULTS.md, wt-sum session 5: 1 GB, 88 → 24 MB: GC pauses halved)
            file.capPool(Math.max(16L << 20, Runtime.getRuntime().maxMemory() / 10));
        }
    }

    /**
     * The store will be sealed progressively with a first screen of {@code rows} rows ({@link #sealProgressively}): the
     * variable tables that could be on it accumulate their summaries' coarse levels while written ({@link
     * VariableLiveCoarse}), so that the first screen needs none of their rows read back; off with
     * {@code -Dpaje.variables.live=false}. Call it before any table is created.
     */
    public void firstScreen(int rows) {
        if (aggregates != null && rows >= 0 && !"false".equals(System.getProperty("paje.variables.live"))) {
            variables = VariableLiveCoarse.forHeap(rows);
        }
    }

    private Store() {
        this.summaries = false;
        this.threads = 1;
        this.file = null;
        this.drop = true;
        this.keys = new KeyLog(Rows.dropping(1), 0);
        this.aggregates = null;
    }

    /**
     * A store that keeps the structure (containers, types, open states, waiting links are the
     * simulator's) but drops entity rows: for checking a trace when nobody reads its entities
     * ({@code paje validate} without a cache). Its trace's tables count rows; reading one fails.
     * It has no file and is not sealed.
     */
    public static Store dropping() {
        return new Store();
    }

    /** True when entity rows are dropped ({@link #dropping()}). */
    public boolean drops() {
        return drop;
    }

    public StoreFile file() {
        return file;
    }

    KeyLog keys() {
        return keys;
    }

    /** The simulated trace, reading its tables from this store. */
    public Trace trace(Names names, java.util.List<Type> types, java.util.List<Container> containers, double start,
            double end) {
        if (drop) {
            return new Trace(names, types, containers, start, end);
        }
        return new Trace(names, types, containers, start, end, file, keys);
    }

    /**
     * Finishes the summaries built while the tables were written (their last buckets, the states still
     * open) for a trace ending at {@code end}.
     */
    static void finishLive(Trace trace, double end) {
        for (Container c : trace.containers()) {
            for (Type t : trace.types()) {
                EntityTable table = c.table(t);
                if (table != null && table.live != null) {
                    table.pyramid = table.live.finish(table, end, Pyramid.minPerBucket(table));
                    table.live.drop(); // the levels not kept
                    table.live = null;
                }
            }
        }
    }

    /**
     * Builds the summaries of the large state, variable and event tables, {@code threads} tables at
     * a time, the largest first (so that no large one is left alone on one core at the end), then seals the store
     * ({@link SummaryBuild}): the file is frozen (every block saved, readable from any thread), each summary is built
     * on the heap by a worker ({@link LiveSummary#buildAtSeal}: each row read and summarized once, level rows in whole
     * blocks), and this thread copies them into the file in that order (so the file is the same whatever the thread
     * count), their block arrays going back to the workers, with at most two per worker waiting; the aggregates'
     * coarse levels come from those accumulated while writing ({@link AggregateLive}), when there are some.
     */
    private void summarizeAndSeal(Trace trace, StoreMeta.Encoder meta) throws IOException {
        SummaryBuild build = new SummaryBuild(trace, file, threads, -1, null, aggregates, variables);
        build.run(meta);
        build.awaitSealed();
    }

    /** A new, empty table of {@code t} in {@code c}: {@link #newTable(TypeKind)}, feeding the parent's aggregate. */
    public EntityTable newTable(Container c, Type t) {
        EntityTable table = newTable(t.kind());
        if (aggregates != null) {
            aggregates.attach(c, t, table);
        }
        if (variables != null && table instanceof VariableTable v) {
            variables.attach(c, v);
        }
        return table;
    }

    /** A new, empty table of {@code kind} in this store. */
    public EntityTable newTable(TypeKind kind) {
        if (drop) {
            return EntityTable.createIn(kind, Rows::dropping, keys);
        }
        EntityTable table = EntityTable.create(kind, file, keys);
        if (summaries && live) {
            table.live = LiveSummary.of(table, file, stages);
        }
        return table;
    }

    /**
     * Writes the rest of the blocks, the metadata of {@code trace} and the header: the store is
     * complete and the trace reads from it. {@code key} identifies the source (for caches).
     */
    public void seal(Trace trace, String key, long lines, long events) throws IOException {
        if (drop) {
            throw new IllegalStateException("a store that drops its rows cannot be sealed");
        }
        if (summaries && live) {
            finishLive(trace, trace.end());
        } else if (summaries) {
            summarizeAndSeal(trace, new StoreMeta.Encoder(trace, keys, key, lines, events));
            return;
        }
        file.seal(new StoreMeta.Encoder(trace, keys, key, lines, events));
    }

    /**
     * {@link #seal}, but returns once the summaries of the tables of containers {@code 0..firstContainers} (a first
     * screen) are written: the rest are built, and the store sealed, on a background thread ({@link SummaryBuild},
     * also {@link Trace#summaryBuild()}); a reader asking for a summary not written yet waits for it, built next.
     * With {@code hold}, the tables beyond the first screen wait for it to open (tests: a build under way).
     * Without summaries (or built while writing), this is {@link #seal} and returns null.
     */
    public SummaryBuild sealProgressively(Trace trace, String key, long lines, long events, int firstContainers,
            java.util.concurrent.CountDownLatch hold) throws IOException {
        if (drop || !summaries || live) {
            seal(trace, key, lines, events);
            return null;
        }
        SummaryBuild build = new SummaryBuild(trace, file, threads, firstContainers, hold, aggregates, variables);
        StoreMeta.Encoder meta = new StoreMeta.Encoder(trace, keys, key, lines, events);
        trace.summaryBuild(build);
        Thread t = new Thread(() -> build.run(meta), "paje-seal");
        t.setDaemon(true); // a viewer stopped before the end leaves a temporary file that is never read
        t.start();
        build.awaitFirst();
        return build;
    }
}
