package dev.paje.cli;

import dev.paje.TraceLoader;
import dev.paje.read.Problem;
import dev.paje.server.ViewerOptions;
import dev.paje.server.ViewerServer;
import dev.paje.store.BlockCache;
import java.awt.Desktop;
import java.awt.GraphicsEnvironment;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code paje view}: the interactive space-time diagram, served to the browser. */
@Command(name = "view", sortOptions = false,
        exitCodeList = {"0:stopped", "1:(not used: a trace with problems still opens)",
            "4:the trace could not be read, or the port could not be opened"})
final class ViewCommand implements Callable<Integer> {
    @Parameters(paramLabel = "TRACE", description = "Trace file.")
    String trace;

    @Option(names = {"-p", "--port"}, paramLabel = "N", description = "Port to listen on (default: a free one).")
    int port;

    @Option(names = "--host", paramLabel = "H", description = {"Address to listen on (default: ${DEFAULT-VALUE}, this machine only).",
        "Anything else lets other machines read the trace."})
    String host = "127.0.0.1";

    @Option(names = "--no-browser", description = "Do not open a browser; only print the address.")
    boolean noBrowser;

    @Option(names = "--source", paramLabel = "DIR", description = {"Source tree of the traced program: the inspector shows the",
        "source line of an entity with File and Line fields (never a file outside DIR)."})
    Path source;

    @Mixin
    TraceCommand command;

    @Override
    public Integer call() throws InterruptedException {
        // when this process started (read once): the warm-up before ready keeps paje view ready under 2 s of it
        long started = System.nanoTime() - java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime() * 1_000_000L;
        PrintWriter err = command.err();
        PrintWriter out = command.out();
        if (port < 0 || port > 65535) {
            err.println("paje view: --port must be between 0 and 65535, found " + port);
            return 2;
        }
        if (source != null && !java.nio.file.Files.isDirectory(source)) {
            err.println("paje view: --source " + source + ": "
                    + (java.nio.file.Files.exists(source) ? "not a directory" : "no such directory"));
            return 2;
        }
        if (!TraceInput.readable(trace, err)) {
            return ExitCodes.IO;
        }
        // Serve at once: the page shows the loading progress of a big trace.
        ViewerServer server;
        try {
            server = ViewerServer.starting(Path.of(trace).getFileName().toString(), host, port,
                    ViewerOptions.DEFAULT.processStart(started));
        } catch (IOException | RuntimeException e) {
            err.println("paje view: cannot listen on " + host + ":" + port + ": " + e.getMessage());
            return ExitCodes.IO;
        }
        try {
            server.sources(source);
        } catch (IOException e) {
            err.println("paje view: --source " + source + ": " + e.getMessage());
            server.close();
            return 2;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "paje-view-stop"));
        out.println("paje: serving " + trace + " at " + server.url() + " (Ctrl-C to stop)");
        out.flush();
        if (!noBrowser) {
            openBrowser(server.url(), err);
        }
        // opening a cache reads only its metadata: blocks are checked as they are read (first paint stays fast)
        // ready once the first screen's summaries are written (the warm-up's rows); the rest build in the background
        TraceLoader loader = command.load.builder(server.progress()).collectProblems(100).verifyCache(false).summaries(true)
                .summariesFirst(ViewerServer.FIRST_SCREEN_ROWS).build();
        TraceLoader.Loaded loaded = TraceInput.load(loader, trace, err);
        if (loaded == null) {
            server.close();
            return ExitCodes.IO;
        }
        // loaded: the writer's pool is gone and the viewer does little but read blocks
        BlockCache.share(4);
        reportProblems(loaded, err);
        server.ready(loaded);
        server.warmUp(); // the first answers, in the background: a reopened viewer starts with cold code and blocks
        out.println("paje: " + trace + " loaded");
        out.flush();
        err.flush();
        try {
            new CountDownLatch(1).await(); // until Ctrl-C (shutdown hook) or interrupted
        } finally {
            server.close();
        }
        return 0;
    }

    private void reportProblems(TraceLoader.Loaded loaded, PrintWriter err) {
        int shown = 0;
        for (Problem p : loaded.problems()) {
            if (shown++ == 5) {
                err.println("paje view: ... and more: the page lists them all");
                break;
            }
            TraceInput.print(p, err);
        }
        if (loaded.trace() == null) {
            err.println("paje view: " + trace + " could not be read; the page shows only its problems");
        } else if (!loaded.valid()) {
            err.println("paje view: " + trace + " has problems; showing what could be read");
        }
    }

    private static void openBrowser(String url, PrintWriter err) {
        try {
            if (!GraphicsEnvironment.isHeadless() && Desktop.isDesktopSupported()
                    && Desktop.getDesktop().isSupported(Desktop.Action.BROWSE)) {
                Desktop.getDesktop().browse(URI.create(url));
                return;
            }
            err.println(noBrowser(url, "no display or desktop to open one on"));
        } catch (IOException | RuntimeException e) {
            err.println(noBrowser(url, e.getMessage()));
        }
    }

    /** What to do when no browser opened (a server without a display, over ssh): the address, and the tunnel to it. */
    static String noBrowser(String url, String why) {
        int port = URI.create(url).getPort();
        return "paje view: no browser could be opened (" + why + "); open " + url + " in a browser on this machine,"
                + " or from another one through an ssh tunnel: ssh -L " + port + ":127.0.0.1:" + port
                + " THIS-HOST, then open http://127.0.0.1:" + port + "/ there";
    }
}
