package dev.paje.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * The summaries built at seal ({@link Store#summarizeAndSeal}), table by table, and then the seal itself: either all
 * at once on the sealing thread, or <em>progressively</em> ({@link Store#sealProgressively}): the tables of the
 * first containers (a first screen) first, the trace usable as soon as those are done, the rest on a background
 * thread, and a table asked for before its summary is there ({@link EntityTable#pyramid()}) is built next and
 * waited for, so that every answer is the one after the whole seal. The file is sealed (metadata, header) only
 * once every summary is written: a store cut short is never read.
 */
public final class SummaryBuild {
    private final Trace trace;
    private final StoreFile file;
    private final int threads;
    /** Tables in build order (first screen's largest first, then the rest's largest first). */
    private final List<EntityTable> order;
    private final int first;
    private final Set<EntityTable> firstSet;
    private final CountDownLatch firstDone = new CountDownLatch(1);
    private final CountDownLatch hold;
    /** Tables asked for by readers, not yet handed to a worker: built next. */
    private final ArrayDeque<EntityTable> urgent = new ArrayDeque<>();
    private final Set<EntityTable> started = new HashSet<>();
    private int next;
    private int done;
    /** Tables of the first screen not summarized yet but those it reads from their coarse levels ({@link #servedEarly}). */
    private int firstLeft;
    /** The first screen's variables' coarse levels accumulated while the trace was written, or null; published first. */
    private final VariableLiveCoarse variables;
    private volatile Throwable failure;
    private final CompletableFuture<Void> sealed = new CompletableFuture<>();
    /** Whether the aggregates are built (right after the first screen's tables). */
    private boolean aggregatesDone;
    /** The aggregates' coarse levels accumulated while the trace was written, or null; published first. */
    private final AggregateLive live;
    /** The coarse levels published (after the freeze, before any summary). */
    private AggregateBuild.Early early;
    /** While it holds (a window being answered), no table or aggregate is begun, unless a reader waits for one; or null. */
    private volatile java.util.function.BooleanSupplier foreground;
    /** Readers waiting for a summary or the aggregates (guarded by this). */
    private volatile int waiters;
    /** How long a table or aggregate waits for the foreground at most (a steady stream of windows still lets the build go on). */
    private static final long YIELD_NANOS = 2_000_000_000L;

    /**
     * The build of {@code trace}'s summaries into {@code file} by {@code threads} workers; the tables of containers
     * {@code 0..firstContainers} go first; with {@code hold}, the others and the aggregates wait for it, until a reader
     * waits for the build (tests: a build still under way).
     */
    SummaryBuild(Trace trace, StoreFile file, int threads, int firstContainers, CountDownLatch hold, AggregateLive live,
            VariableLiveCoarse variables) {
        this.trace = trace;
        this.live = live;
        this.variables = variables;
        this.file = file;
        this.threads = Math.max(1, threads);
        this.hold = hold;
        List<EntityTable> firsts = new ArrayList<>();
        List<EntityTable> rest = new ArrayList<>();
        List<Container> cs = trace.containers();
        boolean[] onFirst = firstScreen(cs, firstContainers);
        for (int i = 0; i < cs.size(); i++) {
            for (Type t : trace.types()) {
                EntityTable table = cs.get(i).table(t);
                if (table != null && table.size() >= Pyramid.MIN_ROWS && !(table instanceof LinkTable)) {
                    (onFirst[i] ? firsts : rest).add(table);
                }
            }
        }
        Comparator<EntityTable> largest = Comparator.comparingInt(EntityTable::size).reversed(); // stable: ties in trace order
        firsts.sort(largest);
        rest.sort(largest);
        this.first = firsts.size();
        this.firstLeft = first;
        this.firstSet = new HashSet<>(firsts);
        this.order = new ArrayList<>(firsts);
        order.addAll(rest);
        for (EntityTable t : order) {
            t.pending = this;
        }
        for (Container c : cs) {
            if (!c.children().isEmpty()) {
                c.aggregatesPending = this;
            }
        }
    }

    /**
     * The containers whose tables the page's first screen draws, with room for {@code rows} rows: containers
     * {@code 0..rows} when all the rows fit; else the page opens collapsed (static/model/autocollapse.js: whole levels,
     * deepest first, until the rows fit), and its rows are the containers of the deepest levels that fit (their
     * subtrees as aggregates, published early), at most {@code rows} + 1 of them in id order. None for {@code rows < 0}.
     */
    public static boolean[] firstScreen(List<Container> cs, int rows) {
        boolean[] on = new boolean[cs.size()];
        if (rows < 0) {
            return on;
        }
        if (cs.size() - 1 <= rows) { // the root that only holds the tree gets no row
            java.util.Arrays.fill(on, true);
            return on;
        }
        int[] depth = new int[cs.size()];
        int maxDepth = 0;
        for (Container c : cs) { // parents come before their children
            depth[c.id()] = c.parent() == null ? 0 : depth[c.parent().id()] + 1;
            maxDepth = Math.max(maxDepth, depth[c.id()]);
        }
        int[] atMost = new int[maxDepth + 1]; // containers of depth 1..d
        for (int i = 0; i < cs.size(); i++) {
            if (depth[i] > 0) {
                atMost[depth[i]]++;
            }
        }
        int d = 1;
        for (int k = 1; k <= maxDepth; k++) {
            atMost[k] += atMost[k - 1];
            if (atMost[k] <= rows) {
                d = k;
            }
        }
        for (int i = 0, n = 0; i < cs.size() && n <= rows; i++) {
            if (depth[i] <= d) {
                on[i] = true;
                n++;
            }
        }
        return on;
    }

    /** Tables to summarize in all. */
    public synchronized int total() {
        return order.size();
    }

    /** Tables summarized so far. */
    public synchronized int done() {
        return done;
    }

    /** True once every summary is written and the store sealed. */
    public boolean finished() {
        return sealed.isDone() && !sealed.isCompletedExceptionally();
    }

    /** What stopped the build (the store is then not sealed), or null. */
    public Throwable failure() {
        return failure;
    }

    /** Completes when the store is sealed (exceptionally when the build failed). */
    public CompletableFuture<Void> whenSealed() {
        return sealed;
    }

    /** Waits until the first screen's tables are summarized (or the build failed). */
    void awaitFirst() throws IOException {
        try {
            firstDone.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while building the summaries");
        }
        rethrow();
    }

    /** Waits for the seal (all summaries written); its failure is thrown here. */
    public void awaitSealed() throws IOException {
        try {
            sealed.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while building the summaries");
        } catch (java.util.concurrent.ExecutionException e) {
            rethrow();
        }
    }

    private void rethrow() throws IOException {
        Throwable f = failure;
        if (f instanceof UncheckedIOException u) {
            throw u.getCause();
        } else if (f instanceof IOException io) {
            throw io;
        } else if (f instanceof RuntimeException r) {
            throw r;
        } else if (f instanceof Error err) {
            throw err;
        } else if (f != null) {
            throw new IOException(f);
        }
    }

    /**
     * The summary of {@code table}, waiting for it (and building it next) when it is not written yet: a reader never
     * answers from a summary that is not there, so its answer is the one after the seal.
     */
    Pyramid await(EntityTable table) {
        synchronized (this) {
            if (table.pending == this && !started.contains(table)) {
                urgent.remove(table);
                urgent.addFirst(table);
                notifyAll(); // a held build takes it
            }
            waiters++;
            try {
                waitWhile(() -> table.pending == this);
            } finally {
                waiters--;
            }
            if (table.pending == this) {
                Throwable f = failure;
                throw new UncheckedIOException(new IOException("the summaries could not be built: " + f.getMessage(), f));
            }
        }
        return table.pyramid;
    }

    /**
     * Waits until the aggregates ({@link AggregateBuild}) are built, right after the first screen's tables: a reader
     * of an aggregate waits rather than sweeping the rows, so that its answer does not depend on when it asked.
     */
    void awaitAggregates() {
        synchronized (this) {
            waiters++;
            notifyAll(); // a held build goes on
            try {
                waitWhile(() -> !aggregatesDone);
            } finally {
                waiters--;
            }
            if (!aggregatesDone) {
                Throwable f = failure;
                throw new UncheckedIOException(new IOException("the aggregates could not be built: " + f.getMessage(), f));
            }
        }
    }

    /**
     * From now on, the build begins no table or aggregate while {@code busy} holds (e.g. a window is being answered: on
     * 2 cores the build's workers would take most of them from it), unless a reader waits for the build itself; at most
     * {@link #YIELD_NANOS} each.
     */
    public void yieldWhile(java.util.function.BooleanSupplier busy) {
        foreground = busy;
    }

    /** Before a table's or an aggregate's build, on its worker: waits while the foreground is busy and no reader waits for us. */
    void yieldToReaders() {
        java.util.function.BooleanSupplier busy = foreground;
        if (busy == null) {
            return;
        }
        long t0 = System.nanoTime();
        while (busy.getAsBoolean() && waiters == 0 && failure == null && System.nanoTime() - t0 < YIELD_NANOS) {
            java.util.concurrent.locks.LockSupport.parkNanos(2_000_000L);
        }
    }

    /** Waits (holding this build's lock) while {@code notYet} holds and nothing failed; an interrupt is kept for later: the answer is still owed. */
    private void waitWhile(java.util.function.BooleanSupplier notYet) {
        boolean interrupted = false;
        while (notYet.getAsBoolean() && failure == null) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Whether a whole-trace view {@link VariableLiveCoarse#FIRST_SCREEN_PIXELS} wide reads {@code t} from the coarse levels
     * written from the load ({@link VariableTable#summary(double)}): ready need not wait for its summary.
     */
    private boolean servedEarly(EntityTable t) {
        VariableSummary c = t instanceof VariableTable v ? v.coarse : null;
        return c != null && c.levelFor((trace.end() - trace.start()) / VariableLiveCoarse.FIRST_SCREEN_PIXELS, c.traceEnd(),
                t.size()) >= 0;
    }

    /** Builds the aggregates (once), then lets their readers go. */
    private void buildAggregates() throws IOException, InterruptedException {
        if (aggregatesDone) {
            return;
        }
        holdAggregates();
        AggregateBuild.build(trace, file, threads, early, this::yieldToReaders);
        synchronized (this) {
            aggregatesDone = true;
            for (Container c : trace.containers()) {
                c.aggregatesPending = null;
            }
            notifyAll();
        }
    }

    /** With a hold (tests), the aggregates too wait for it, until a reader waits for the build. */
    private synchronized void holdAggregates() throws InterruptedException {
        while (hold != null && hold.getCount() > 0 && waiters == 0 && urgent.isEmpty()) {
            wait(50);
        }
    }

    /** Whether the aggregates are built (tests: a window answered while they are not). */
    public synchronized boolean aggregatesBuilt() {
        return aggregatesDone;
    }

    /** Builds every summary, then seals the store with {@code meta}; on this thread. */
    void run(StoreMeta.Encoder meta) {
        try {
            build();
            file.seal(meta);
            sealed.complete(null);
        } catch (Throwable e) {
            synchronized (this) {
                failure = e;
                notifyAll();
            }
            firstDone.countDown();
            sealed.completeExceptionally(e);
        }
    }

    /** The next table to hand to a worker (urgent ones first), null when none is left; may wait for the hold. */
    private synchronized EntityTable take(boolean mayWait) throws InterruptedException {
        while (true) {
            EntityTable t = urgent.poll();
            if (t == null) {
                while (next < order.size() && started.contains(order.get(next))) {
                    next++;
                }
                boolean held = hold != null && hold.getCount() > 0 && next >= first;
                if (next < order.size() && !held) {
                    t = order.get(next++);
                } else if (next < order.size() && mayWait) {
                    wait(50); // held: a reader's table or the hold's release
                    continue;
                }
            }
            if (t != null) {
                started.add(t);
            }
            return t;
        }
    }

    private void build() throws IOException, InterruptedException {
        file.freeze(); // before any reader: from now on tables are read through the cache, from any thread
        early = AggregateBuild.publishCoarse(trace, file, live); // a collapsed first screen's aggregates, no row read
        if (variables != null) {
            variables.publish(trace, file); // the first screen's variables' coarse levels, no row read
            synchronized (this) {
                for (EntityTable t : firstSet) {
                    if (servedEarly(t)) {
                        firstLeft--; // a whole-trace first screen reads those levels: ready needs no more
                    }
                }
            }
        }
        if (firstLeft == 0) {
            firstDone.countDown();
            buildAggregates();
        }
        if (order.isEmpty()) {
            return;
        }
        double start = trace.start();
        double end = trace.end();
        // spares up to an eighth of the heap: on 10 GB at 256 MB, 33 MB of level blocks were out at once, and a
        // sixteenth let 1.8 GB of them become garbage (each large table's blocks beyond it)
        BlockRecycler recycler = new BlockRecycler(Math.max(1L << 20, Runtime.getRuntime().maxMemory() / 8));
        ExecutorService workers = Workers.pool(threads, "paje-summary");
        try {
            record Job(EntityTable table, Future<LiveSummary.AtSeal> built) {
            }
            ArrayDeque<Job> waiting = new ArrayDeque<>();
            while (true) {
                while (waiting.size() < 2 * threads) {
                    EntityTable t = take(waiting.isEmpty());
                    if (t == null) {
                        break;
                    }
                    waiting.add(new Job(t, workers.submit(() -> {
                        yieldToReaders();
                        return LiveSummary.buildAtSeal(t, start, end, Pyramid.minPerBucket(t), recycler);
                    })));
                }
                Job job = waiting.poll();
                if (job == null) {
                    break;
                }
                LiveSummary.AtSeal onHeap = Workers.get(job.built(), "building the summaries");
                EntityTable table = job.table();
                VariableSummary coarse = table instanceof VariableTable v ? v.coarse : null;
                table.pyramid = onHeap == null ? null : onHeap.writeTo(file, coarse); // the coarse levels' rows reused
                boolean firstOver;
                synchronized (this) {
                    table.pending = null; // after the pyramid: a reader seeing no pending sees the pyramid
                    done++;
                    if (firstSet.contains(table) && !servedEarly(table)) {
                        firstLeft--;
                    }
                    firstOver = firstLeft == 0;
                    notifyAll();
                }
                if (firstOver) {
                    firstDone.countDown();
                    buildAggregates();
                }
            }
        } finally {
            workers.shutdownNow();
        }
    }
}
