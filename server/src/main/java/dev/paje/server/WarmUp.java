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
