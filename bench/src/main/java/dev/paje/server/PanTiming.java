package dev.paje.server;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import dev.paje.TraceLoader;
import dev.paje.store.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Not a test: panning fluidity of the viewer page in headless Chromium (Debian's, driven by Playwright) at
 * 1600x1000. Zooms in with the wheel, then records requestAnimationFrame intervals while dragging the diagram
 * (mouse down, small moves, mouse up; about 60 moves in all) and zooming with the wheel, until the page is
 * idle again. {@code bench/timing.sh PanTiming TRACE [DRAG_STEPS [HASH_PARAMS]]}, e.g. {@code rows=fit}.
 */
public final class PanTiming {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final String IDLE = "() => window.paje && window.paje.ready && !window.paje.pending && !window.paje.stale";
    /** Whole run, page part included, bounded: the JVM halts after this. */
    private static final long LIMIT_MS = 115_000;
    private static final int STEP_MS = 16; // one mouse move per frame, like a hand at 60 Hz

    private PanTiming() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int dragSteps = args.length > 1 ? Integer.parseInt(args[1]) : 60;
        String hash = args.length > 2 ? "&" + args[2] : ""; // e.g. rows=fit: every container on screen
        if (!Files.isExecutable(CHROMIUM)) {
            System.out.println("no Chromium at " + CHROMIUM + " (apt-get install chromium)");
            return;
        }
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(LIMIT_MS);
                System.out.println("PanTiming: over " + LIMIT_MS / 1000 + " s, giving up");
                Runtime.getRuntime().halt(2);
            } catch (InterruptedException e) {
                // finished in time
            }
        });
        watchdog.setDaemon(true);
        watchdog.start();

        long t0 = System.nanoTime();
        TraceLoader.Loaded loaded = TimingLoad.load(file, TimingLoad.CACHE);
        Trace trace = loaded.trace();
        try (ViewerServer server = ViewerServer.start(loaded, file.getFileName().toString(), "127.0.0.1", 0);
                Playwright pw = Playwright.create(new Playwright.CreateOptions()
                        .setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
                Browser browser = pw.chromium().launch(new BrowserType.LaunchOptions()
                        .setExecutablePath(CHROMIUM).setHeadless(true)
                        .setArgs(List.of("--no-sandbox", "--disable-gpu", "--disable-background-networking",
                                "--disable-component-update", "--disable-sync", "--no-first-run")));
                BrowserContext context = browser.newContext(new Browser.NewContextOptions()
                        .setViewportSize(1600, 1000).setDeviceScaleFactor(1))) {
            Page page = context.newPage();
            page.setDefaultTimeout(30_000);
            long p0 = System.nanoTime();
            // no "collapsed=" in the hash: every container is expanded
            page.navigate(server.url() + "#y=0" + hash);
            page.waitForSelector("body[data-ready=\"1\"]");
            page.waitForFunction(IDLE);
            System.out.printf("  first draw and idle after %.2f s%n", (System.nanoTime() - p0) / 1e9);
            if (page.evaluate("paje.error") != null) {
                throw new IllegalStateException("page error: " + page.evaluate("paje.error"));
            }
            double left = num(page, "paje.plot.left"), top = num(page, "paje.plot.top");
            double width = num(page, "paje.plot.width"), height = num(page, "paje.plot.height");
            int collapsed = (int) num(page, "paje.collapsed.length");
            int shown = (int) num(page, "paje.rows.length");
            System.out.printf("  plot %.0fx%.0f px, %d rows visible (all expanded: %s; %d containers in the trace)%n",
                    width, height, shown, collapsed == 0, (int) num(page, "paje.meta.containers.length"));

            // zoom in to about 1/50 of the trace around the middle, so that there is room to pan
            double cx = left + width / 2, cy = top + height / 2;
            page.mouse().move(cx, cy);
            for (int i = 0; i < 4; i++) {
                page.mouse().wheel(0, -500);
                page.waitForTimeout(STEP_MS);
            }
            page.waitForFunction(IDLE);
            double span0 = num(page, "paje.view.end - paje.view.start");
            System.out.printf("  zoomed in to %.4g of the trace (%.4g s)%n", span0 / (trace.end() - trace.start()), span0);

            page.evaluate("() => { const f = window.__pan = { t: [], on: true, long: [], draws: paje.draws, fetches: paje.fetches };"
                    + " const loop = (t) => { if (!f.on) return; f.t.push(t); requestAnimationFrame(loop); };"
                    + " requestAnimationFrame(loop);"
                    + " try { f.obs = new PerformanceObserver((l) => { for (const e of l.getEntries()) f.long.push(e.duration); });"
                    + " f.obs.observe({ type: 'longtask' }); } catch (e) { f.long = null; } }");
            page.evaluate("() => { paje.timing = {}; }");
            page.waitForTimeout(100);
            long i0 = System.nanoTime();
            int drags = 3, perDrag = Math.max(1, dragSteps / drags), moves = 0, wheels = 0;
            for (int d = 0; d < drags; d++) {
                double dir = d % 2 == 0 ? -1 : 1; // left (later times), then right, then left
                double x = cx - dir * 150, y = cy;
                page.mouse().move(x, y);
                page.mouse().down();
                for (int s = 0; s < perDrag; s++) {
                    x += dir * 15;
                    y += 3 * Math.sin(s / 3.0); // a little vertical drift: rows scroll too
                    page.mouse().move(x, y);
                    moves++;
                    page.waitForTimeout(STEP_MS);
                }
                page.mouse().up();
                // a few wheel zooms in and out at different places
                for (int w = 0; w < 4; w++) {
                    page.mouse().move(left + width * (0.2 + 0.2 * w), cy);
                    page.mouse().wheel(0, w % 2 == 0 ? -200 : 250);
                    wheels++;
                    page.waitForTimeout(STEP_MS);
                }
            }
            long i1 = System.nanoTime();
            page.waitForFunction(IDLE);
            long i2 = System.nanoTime();
            page.waitForTimeout(100);
            page.evaluate("() => { window.__pan.on = false; if (window.__pan.obs) window.__pan.obs.disconnect(); }");

            @SuppressWarnings("unchecked")
            List<Number> stamps = (List<Number>) page.evaluate("window.__pan.t");
            @SuppressWarnings("unchecked")
            List<Number> longTasks = (List<Number>) page.evaluate("window.__pan.long");
            int draws = (int) num(page, "paje.draws - window.__pan.draws");
            int fetches = (int) num(page, "paje.fetches - window.__pan.fetches");
            double[] gaps = new double[Math.max(0, stamps.size() - 1)];
            for (int i = 1; i < stamps.size(); i++) {
                gaps[i - 1] = stamps.get(i).doubleValue() - stamps.get(i - 1).doubleValue();
            }
            double[] sorted = gaps.clone();
            java.util.Arrays.sort(sorted);
            int over50 = 0;
            for (double g : gaps) {
                if (g > 50) over50++;
            }
            System.out.printf("  input: %d drag moves in %d drags, %d wheel zooms in %.2f s; idle %.2f s after the last input%n",
                    moves, drags, wheels, (i1 - i0) / 1e9, (i2 - i1) / 1e9);
            System.out.printf("  rows visible at the end: %d; %d draws, %d window fetches%n",
                    (int) num(page, "paje.rows.length"), draws, fetches);
            if (sorted.length == 0) {
                System.out.println("  no frames recorded");
            } else {
                System.out.printf("  frames: n=%d p50=%.1f ms p95=%.1f ms max=%.1f ms, %d over 50 ms%n", sorted.length,
                        sorted[sorted.length / 2], sorted[(int) (sorted.length * 0.95)], sorted[sorted.length - 1], over50);
            }
            if (longTasks != null) {
                double sum = 0, max = 0;
                for (Number n : longTasks) {
                    sum += n.doubleValue();
                    max = Math.max(max, n.doubleValue());
                }
                System.out.printf("  long tasks (> 50 ms): %d, total %.0f ms, longest %.0f ms%n", longTasks.size(), sum, max);
            }
            System.out.println("  longest main-thread steps (ms): " + page.evaluate("JSON.stringify(paje.timing)")
                    + "; drawn at the end: " + page.evaluate("JSON.stringify(paje.drawn)"));
            System.out.println("  window answers (bytes, largest first): " + page.evaluate("JSON.stringify(performance.getEntriesByType('resource')"
                    + ".filter(e => e.name.includes('/api/window')).map(e => e.encodedBodySize).sort((a, b) => b - a).slice(0, 5))"));
        }
        watchdog.interrupt();
        System.out.printf("  total %.1f s%n", (System.nanoTime() - t0) / 1e9);
    }

    private static double num(Page page, String js) {
        return ((Number) page.evaluate(js)).doubleValue();
    }
}
