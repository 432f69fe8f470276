package dev.paje.server;

import dev.paje.view.TraceView;
import dev.paje.TraceLoader;
import dev.paje.store.Trace;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Not a test: measures /api/window over HTTP on 127.0.0.1 (request sent to body read) for random
 * windows. {@code bench/timing.sh WindowTiming TRACE [REQUESTS [ROWS]]}.
 */
public final class WindowTiming {
    private WindowTiming() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int requests = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        int rows = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        TraceLoader.Loaded loaded = TimingLoad.load(file, TimingLoad.CACHE);
        Trace trace = loaded.trace();
        try (ViewerServer server = ViewerServer.start(loaded, file.getFileName().toString(), "127.0.0.1", 0)) {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            String base = server.url();
            time(client, base + "api/meta", 20, "meta");
            Random random = new Random(1);
            double span = trace.end() - trace.start();
            int n = trace.containers().size();
            String[] urls = new String[requests];
            double[][] windows = new double[requests][];
            int[][] idLists = new int[requests][];
            for (int i = 0; i < requests; i++) {
                double length = span * Math.pow(10, -4 * random.nextDouble()); // 1e-4 .. 1 of the trace
                double start = trace.start() + random.nextDouble() * (span - length);
                int first = random.nextInt(Math.max(1, n - rows));
                idLists[i] = IntStream.range(first, Math.min(n, first + rows)).toArray();
                String ids = IntStream.of(idLists[i]).mapToObj(String::valueOf).collect(Collectors.joining(","));
                windows[i] = new double[] {start, start + length};
                urls[i] = base + "api/window?start=" + start + "&end=" + (start + length) + "&width=1500&containers=" + ids;
            }
            for (int i = 0; i < Math.min(50, requests); i++) { // warm-up
                get(client, urls[i]);
            }
            long[] nanos = new long[requests];
            long bytes = 0;
            long maxBytes = 0;
            for (int i = 0; i < requests; i++) {
                long s = System.nanoTime();
                int size = get(client, urls[i]);
                nanos[i] = System.nanoTime() - s;
                bytes += size;
                maxBytes = Math.max(maxBytes, size);
            }
            report("window (" + rows + " rows, width 1500)", nanos, bytes / requests, maxBytes);
            // server time alone: the same answers computed and serialized in this process, into a sink
            WindowHandler handler = new WindowHandler(new TraceView(loaded, file.getFileName().toString()));
            java.io.OutputStream sink = new java.io.OutputStream() { // never closed: reused for every answer
                @Override
                public void write(int b) {
                }

                @Override
                public void write(byte[] b, int off, int len) {
                }
            };
            for (int i = 0; i < Math.min(50, requests); i++) {
                handler.answer(sink, windows[i][0], windows[i][1], 1500, idLists[i]);
            }
            long[] alone = new long[requests];
            for (int i = 0; i < requests; i++) {
                long s = System.nanoTime();
                handler.answer(sink, windows[i][0], windows[i][1], 1500, idLists[i]);
                alone[i] = System.nanoTime() - s;
            }
            report("  server time of the same", alone, bytes / requests, maxBytes);
            time(client, base + "api/entity?container=" + firstWithStates(trace) + "&row=0", 200, "entity");
        }
    }

    private static String firstWithStates(Trace trace) {
        for (var c : trace.containers()) {
            for (var t : trace.types()) {
                if (t.kind() == dev.paje.store.TypeKind.STATE && c.table(t) != null) {
                    return c.id() + "&type=" + t.id();
                }
            }
        }
        return "0&type=0";
    }

    private static void time(HttpClient client, String url, int n, String what) throws Exception {
        long[] nanos = new long[n];
        long bytes = 0;
        for (int i = 0; i < n; i++) {
            long s = System.nanoTime();
            bytes = get(client, url);
            nanos[i] = System.nanoTime() - s;
        }
        report(what, nanos, bytes, bytes);
    }

    private static int get(HttpClient client, String url) throws Exception {
        HttpResponse<byte[]> r = client.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) {
            throw new IllegalStateException(url + ": " + r.statusCode() + " " + new String(r.body()));
        }
        return r.body().length;
    }

    private static void report(String what, long[] nanos, long avgBytes, long maxBytes) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        System.out.printf("  %-32s n=%d p50=%.2f ms p95=%.2f ms max=%.2f ms, avg %d bytes, max %d bytes%n", what,
                sorted.length, sorted[sorted.length / 2] / 1e6, sorted[(int) (sorted.length * 0.95)] / 1e6,
                sorted[sorted.length - 1] / 1e6, avgBytes, maxBytes);
    }
}
