package dev.paje.server;

import dev.paje.store.Trace;
import dev.paje.view.TraceView;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Once a trace is ready, answers a few windows of the first rows once, into nothing, on a background
 * thread: a freshly started viewer (a cached reopen) otherwise runs its first answers in cold code and
 * on cold blocks, up to 3x the time of later ones (bench/RESULTS.md). The windows take every path a
 * first request may take: the whole trace (the page's first paint: summaries of every kind), a narrow
 * one (the rows), windows whose edges cut summary buckets (at a coarse and a fine level), and the whole
 * trace at a coarser pixel (events' summaries). It answers a few rows at a time and waits while a
 * window request is being answered: a request never waits behind it (Java's thread priorities are not
 * the operating system's), and the warm-up goes on between requests.
 */
final class WarmUp {
    static final int ROWS = 100; // about a screen of rows
    static final int WIDTH = 1500;
    /** Rows answered between two looks at the requests (one part, as WindowAnswer splits none this small). */
    static final int GROUP = 4;
    /** The windows, as fractions of the trace, and their widths in pixels. */
    static final double[][] PLAN = {
        {0, 1, WIDTH}, {0.5, 0.5005, WIDTH}, {0.45, 0.55, WIDTH}, {0.17, 0.83, WIDTH}, {0, 1, WIDTH / 8}};

    private final TraceView model;
    private final WindowHandler window;
    /** Groups of rows answered so far (tests). */
    final AtomicInteger answered = new AtomicInteger();

    WarmUp(TraceView model, WindowHandler window) {
        this.model = model;
        this.window = window;
    }

    /** Starts the warm-up; it stops at its first failure (e.g. the store closed as the viewer stops). */
    static Thread start(TraceView model, WindowHandler window) {
        return new WarmUp(model, window).thread();
    }

    Thread thread() {
        Thread t = new Thread(this::run, "paje-view-warm-up");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** The warm-up itself, on the calling thread (ViewCpu measures with it). */
    static void run(TraceView model, WindowHandler window) {
        new WarmUp(model, window).run();
    }

    /** Groups of rows the whole plan answers for {@code trace}. */
    static int groups(Trace trace) {
        return PLAN.length * ((rows(trace) + GROUP - 1) / GROUP);
    }

    private static int rows(Trace trace) {
        return Math.min(ROWS, trace.containers().size() - 1);
    }

    void run() {
        Trace trace = model.trace();
        if (trace == null) {
            return;
        }
        int n = rows(trace);
        double start = trace.start();
        double span = trace.end() - start;
        try {
            for (double[] w : PLAN) {
                for (int first = 1; first <= n; first += GROUP) {
                    window.awaitIdle();
                    int[] ids = java.util.stream.IntStream.rangeClosed(first, Math.min(n, first + GROUP - 1)).toArray();
                    window.answer(OutputStream.nullOutputStream(), start + w[0] * span, start + w[1] * span, (int) w[2], ids);
                    answered.incrementAndGet();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.io.IOException | RuntimeException e) {
            // a warm-up only: the requests that follow report whatever is wrong with the store
        }
    }
}
