package dev.paje.server;

import dev.paje.store.SummaryBuild;
import dev.paje.store.Trace;
import dev.paje.view.TraceView;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.IntStream;

/**
 * The first rows' windows answered into nothing, so that a freshly started viewer (a cached reopen) does not run
 * the first answers a user waits for in cold code and on cold blocks (up to 1.5x the CPU of later ones, and the
 * JIT's compiling on the other core: bench/RESULTS.md). On a store whose summaries are all there, {@link #beforeReady}
 * answers the page's binary windows at several zooms for a bounded time before the viewer says it is ready; then
 * (and on a first load) {@link #start} answers the whole trace and a tenth of it once on a background thread.
 */
final class WarmUp {
    static final int ROWS = 100; // about a screen of rows
    static final int WIDTH = 1500;
    /**
     * How long {@link #beforeReady} may delay ready (it begins no window that would end past it): the 10 GB reopen is
     * ready in 0.5-1.0 s without it, 1.2-1.5 s with it, and must stay under 2 s (bench/RESULTS.md, wt-win12, wt-view17).
     */
    static final long BEFORE_READY_NANOS = 1_000_000_000L;
    /**
     * Past this time since the process started ({@link ViewerOptions#processStart}, given by {@code paje view}), the warm-up
     * before ready gives nothing: a slow open (a cold disk) keeps ready under 2 s.
     */
    static final long READY_BY_NANOS = 1_600_000_000L;
    /**
     * The windows of {@link #beforeReady}, as (width, position) fractions of the trace: the page's zooms from the whole
     * trace in, each through its own path (summaries, edge buckets, rows), in turn until the time is up (on 10 GB, on
     * quarter rows, every zoom twice). With two thirds of the trace second instead, or a hundredth before the tenth,
     * the reopen's p95 was not better than base's (bench/RESULTS.md, wt-win12).
     */
    private static final double[][] ZOOMS = {{1, 0}, {0.1, 0.45}, {0.01, 0.3}, {0.001, 0.6}, {0.3, 0.2}, {0.03, 0.7},
        {0.003, 0.1}, {0.0003, 0.85}, {0.6, 0.35}, {0.05, 0.15}, {0.005, 0.55}, {0.0005, 0.25}};

    /**
     * The warm-up before ready answers every this-many-th of the first rows per window (the next ones each round): on
     * 10 GB it then goes through every zoom of {@link #ZOOMS} in its time, not the first two, so that requests back to
     * back (no pause for {@link #whileIdle}) find each path's code compiled (bench/RESULTS.md, wt-view17).
     */
    static final int BEFORE_READY_STRIDE = 4;

    /**
     * Rounds of {@link #ZOOMS} the warm-up between requests ({@link #whileIdle}) answers: the 10 GB reopen's code is
     * compiled only after two or three passes over view.sh's windows (warm, a wide window takes half the time of its
     * first). Four rounds: p95 median 39.5 ms in 18 runs against 44 for two in 11 (lower in 3 of 4 alternated pairs), for
     * ~2.9 CPU-s after ready against ~2.0 (bench/RESULTS.md, session 16).
     */
    static final int IDLE_ROUNDS = 4;
    /** Rows per answer of the warm-up between requests: a request that comes waits for at most these rows' sampling. */
    static final int IDLE_ROWS = 4;
    /** How long the viewer must have answered no window before the warm-up between requests goes on. */
    static final long QUIET_NANOS = 20_000_000L;
    /** The warm-up between requests gives up past this time since it started, whatever is left. */
    static final long IDLE_FOR_NANOS = 60_000_000_000L;

    private WarmUp() {
    }

    /** Starts {@link #whileIdle} on a thread of its own (a reopened viewer, warmed up before ready). */
    static Thread startIdle(TraceView model, WindowHandler window) {
        return background("paje-view-idle-warm-up", () -> whileIdle(model, window, IDLE_ROUNDS));
    }

    /**
     * The first rows' binary answers at {@link #ZOOMS}, {@code rounds} times, {@link #IDLE_ROWS} rows at a time (one
     * thread) and only while no window request is answered ({@link WindowHandler#idle}): the JIT gets the answers'
     * code shapes in the pauses between a user's requests instead of during them. Returns how many answers it gave.
     */
    static int whileIdle(TraceView model, WindowHandler window, int rounds) {
        Trace trace = model.trace();
        if (trace == null) {
            return 0;
        }
        Screen screen = Screen.of(trace);
        long t0 = System.nanoTime();
        int n = 0;
        try {
            for (int r = 0; r < rounds; r++) {
                for (double[] z : ZOOMS) {
                    int[] ids = screen.ids();
                    for (int i = 0; i < ids.length; i += IDLE_ROWS) {
                        while (!window.idle(QUIET_NANOS)) {
                            if (System.nanoTime() - t0 > IDLE_FOR_NANOS) {
                                return n;
                            }
                            LockSupport.parkNanos(2_000_000L);
                        }
                        int[] rows = Arrays.copyOfRange(ids, i, Math.min(ids.length, i + IDLE_ROWS));
                        screen.answer(window, z, rows);
                        n++;
                    }
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            // a warm-up only: the requests that follow report whatever is wrong with the store
        }
        return n;
    }

    /**
     * Starts the background warm-up; it skips what is left once a window request has come, and stops at its first
     * failure (e.g. the store closed as the viewer stops).
     */
    static Thread start(TraceView model, WindowHandler window) {
        return background("paje-view-warm-up", () -> run(model, window));
    }

    /** A warm-up's thread: a daemon (never holds the viewer open) at the lowest priority (requests come first). */
    private static Thread background(String name, Runnable warmUp) {
        Thread t = new Thread(warmUp, name);
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
        return t;
    }

    /** The background warm-up itself, on the calling thread (ViewCpu measures with it). */
    static void run(TraceView model, WindowHandler window) {
        Trace trace = model.trace();
        if (trace == null) {
            return;
        }
        Screen screen = Screen.of(trace);
        try { // not once a request has come: it warms the code itself, and the cores are its
            SummaryBuild building = trace.summaryBuild();
            if (building != null && !building.finished()) {
                // a first load: the page's first screen (collapsed rows, read from the aggregates' levels published at
                // seal) until it asks; the expanded rows would have their summaries built out of turn, and keep the
                // build from yielding to the page's first windows (a reader waiting): after the seal, if nobody asked
                collapsed(trace, window, screen);
                building.whenSealed().join();
            }
            if (!window.asked()) {
                screen.answer(window, WHOLE, screen.ids());
            }
            if (!window.asked()) {
                screen.answer(window, TENTH, screen.ids());
            }
        } catch (java.io.IOException | RuntimeException e) {
            // a warm-up only: the requests that follow report whatever is wrong with the store
        }
    }

    /**
     * The whole trace's window of the first screen's collapsed rows ({@link SummaryBuild#firstScreen}: the deepest level
     * shown, each row its members' aggregate, as the page asks for a large trace), {@link #COLLAPSED_ROWS} rows at a time,
     * binary (the page's) and JSON in turn, {@link #COLLAPSED_ROUNDS} times, until a window is asked: the first screen's
     * own answer then runs in compiled code (on 10 GB its first took 0.53 s, the next 0.21-0.31 s: bench/RESULTS.md, session 19).
     */
    private static void collapsed(Trace trace, WindowHandler window, Screen screen) throws java.io.IOException {
        int[] rows = collapsedRows(trace);
        for (int round = 0, n = 0; round < COLLAPSED_ROUNDS; round++) {
            for (int i = 0; i < rows.length; i += COLLAPSED_ROWS, n++) {
                if (window.asked()) {
                    return;
                }
                window.answerCollapsed(OutputStream.nullOutputStream(), screen.start(), screen.start() + screen.span(), WIDTH,
                        Arrays.copyOfRange(rows, i, Math.min(rows.length, i + COLLAPSED_ROWS)), n % 2 == 0);
            }
        }
    }

    /** Rows of the collapsed first screen's warm-up per answer: a window asked meanwhile waits for at most these. */
    static final int COLLAPSED_ROWS = 4;
    /** Passes of the collapsed first screen's warm-up (C2 compiles the answer's code over the first two). */
    static final int COLLAPSED_ROUNDS = 2;

    /** The containers of the first screen of {@link #ROWS} rows that are shown collapsed: on it, none of their children is. */
    static int[] collapsedRows(Trace trace) {
        java.util.List<dev.paje.store.Container> cs = trace.containers();
        boolean[] on = SummaryBuild.firstScreen(cs, ROWS);
        return IntStream.range(1, cs.size()).filter(i -> on[i] && !cs.get(i).children().isEmpty()
                && cs.get(i).children().stream().noneMatch(k -> on[k.id()])).toArray();
    }

    /**
     * Before ready, on the calling thread: the page's binary answers of the first rows at {@link #ZOOMS} in turn for
     * up to {@code nanos}, when every summary is there (a reopened store: on a first load the expanded rows' summaries
     * are still being built, and their windows would wait for them). Returns how many windows were answered.
     */
    static int beforeReady(TraceView model, WindowHandler window, long nanos) {
        Trace trace = model.trace();
        if (trace == null || nanos <= 0) {
            return 0;
        }
        SummaryBuild building = trace.summaryBuild();
        if (building != null && !building.finished()) {
            return 0;
        }
        Screen screen = Screen.of(trace);
        int[][] quarters = screen.strided(BEFORE_READY_STRIDE);
        long t0 = System.nanoTime();
        long longest = 0; // no answer is begun that would end past the time, were it as long as the longest so far
        int n = 0;
        try {
            for (long now = t0; now - t0 + longest < nanos && n < 4 * BEFORE_READY_STRIDE * ZOOMS.length; ) {
                screen.answer(window, ZOOMS[n % ZOOMS.length], quarters[n / ZOOMS.length % quarters.length]);
                n++;
                long then = now;
                now = System.nanoTime();
                longest = Math.max(longest, now - then);
            }
        } catch (java.io.IOException | RuntimeException e) {
            // a warm-up only: the requests that follow report whatever is wrong with the store
        }
        return n;
    }

    /** The background warm-up's windows, as {@link #ZOOMS}' (width, position) fractions of the trace. */
    private static final double[] WHOLE = {1, 0};
    private static final double[] TENTH = {0.1, 0.45};

    /** The first rows of a trace and its time span: what every warm-up answers windows of. */
    record Screen(int[] ids, double start, double span) {
        static Screen of(Trace trace) {
            int[] ids = IntStream.rangeClosed(1, Math.min(ROWS, trace.containers().size() - 1)).toArray();
            return new Screen(ids, trace.start(), trace.end() - trace.start());
        }

        /** The first rows split in {@code k} interleaved groups (every k-th row), so that each holds rows of every kind. */
        int[][] strided(int k) {
            int[][] groups = new int[Math.min(k, Math.max(1, ids.length))][];
            for (int g = 0; g < groups.length; g++) {
                int from = g;
                groups[g] = IntStream.range(0, (ids.length - g + groups.length - 1) / groups.length)
                        .map(i -> ids[from + i * groups.length]).toArray();
            }
            return groups;
        }

        /** Answers {@code rows}' binary window at {@code zoom} (width, position) into nothing. */
        void answer(WindowHandler window, double[] zoom, int[] rows) throws java.io.IOException {
            double from = start + zoom[1] * span;
            window.answer(OutputStream.nullOutputStream(), from, from + zoom[0] * span, WIDTH, rows, true);
        }
    }
}
