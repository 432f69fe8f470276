package dev.paje.server;

import dev.paje.store.Trace;
import dev.paje.view.TraceView;
import java.io.OutputStream;
import java.util.stream.IntStream;

/**
 * Once a trace is ready, answers the first rows' whole-trace window and a tenth of it once, into
 * nothing, on a background thread: a freshly started viewer (a cached reopen) otherwise runs its
 * first answers in cold code and on cold blocks, up to 1.5x the CPU of later ones (bench/RESULTS.md),
 * and the page's first paint is the whole trace.
 */
final class WarmUp {
    static final int ROWS = 100; // about a screen of rows
    static final int WIDTH = 1500;
    /** The windows {@link #before} answers, as fractions of the trace: each zoom reads through other paths. */
    private static final double[] ZOOMS = {1, 1e-1, 1e-2, 1e-3, 1e-4};
    /** Where a window lies (its start, as a fraction of what is left of the trace), changed each round. */
    private static final double[] PLACES = {0.5, 0.2, 0.8, 0.35, 0.65};
    private static final int ROUNDS = 8;

    private WarmUp() {
    }

    /**
     * Starts the warm-up; it skips what is left once a window request has come, and stops at its first failure
     * (e.g. the store closed as the viewer stops).
     */
    static Thread start(TraceView model, WindowHandler window) {
        Thread t = new Thread(() -> run(model, window), "paje-view-warm-up");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
        return t;
    }

    /**
     * Before the viewer says it is ready: the first rows' windows at every zoom (the whole trace down to a
     * ten-thousandth: summaries, long lists, rows), round after round at other places, until {@code millis}
     * have passed or a window request has come. A reopened store is ready in half a second, and its first
     * answers in cold code took 2-4x a warm one's time (a 10 GB trace's second request 128-207 ms against
     * 35 ms: bench/RESULTS.md); answered while requests come, a warm-up competes with them for the cores.
     */
    static void before(TraceView model, WindowHandler window, long millis) {
        Trace trace = model.trace();
        if (trace == null || millis <= 0) {
            return;
        }
        int[] ids = IntStream.rangeClosed(1, Math.min(ROWS, trace.containers().size() - 1)).toArray();
        double start = trace.start();
        double span = trace.end() - start;
        long deadline = System.nanoTime() + millis * 1_000_000;
        try {
            for (int round = 0; round < ROUNDS; round++) {
                for (double zoom : ZOOMS) {
                    if (window.asked() || System.nanoTime() - deadline > 0) {
                        return;
                    }
                    double w = span * zoom;
                    double at = start + (span - w) * PLACES[(round + (int) -Math.log10(zoom)) % PLACES.length];
                    window.answer(OutputStream.nullOutputStream(), at, at + w, WIDTH, ids);
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            // a warm-up only: the requests that follow report whatever is wrong with the store
        }
    }

    /** The warm-up itself, on the calling thread (ViewCpu measures with it). */
    static void run(TraceView model, WindowHandler window) {
        Trace trace = model.trace();
        if (trace == null) {
            return;
        }
        int[] ids = IntStream.rangeClosed(1, Math.min(ROWS, trace.containers().size() - 1)).toArray();
        double start = trace.start();
        double span = trace.end() - start;
        try { // not once a request has come: it warms the code itself, and the cores are its
            if (!window.asked()) {
                window.answer(OutputStream.nullOutputStream(), start, start + span, WIDTH, ids);
            }
            if (!window.asked()) {
                window.answer(OutputStream.nullOutputStream(), start + 0.45 * span, start + 0.55 * span, WIDTH, ids);
            }
        } catch (java.io.IOException | RuntimeException e) {
            // a warm-up only: the requests that follow report whatever is wrong with the store
        }
    }
}
