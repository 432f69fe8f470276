package dev.paje.server;

import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.Trace;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;

/**
 * Not a test: times {@code /api/window?aggregate=} over HTTP for the container with the most
 * descendants and for one of its children, whole trace and a tenth of it, at width 1500.
 * {@code bench/timing.sh AggregateTiming TRACE [CACHE_DIR]}.
 */
public final class AggregateTiming {
    private AggregateTiming() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        Path cache = Path.of(args.length > 1 ? args[1] : "/tmp/agg-cache");
        TraceLoader.Loaded loaded = TimingLoad.load(file, cache);
        Trace trace = loaded.trace();
        Container top = trace.containers().stream().max(Comparator.comparingInt(AggregateTiming::descendants)).orElseThrow();
        Container child = top.children().stream().max(Comparator.comparingInt(AggregateTiming::descendants)).orElse(top);
        try (ViewerServer server = ViewerServer.start(loaded, file.getFileName().toString(), "127.0.0.1", 0)) {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            double s = trace.start();
            double span = trace.end() - s;
            String children = String.join(",", top.children().stream().map(k -> String.valueOf(k.id())).toList());
            for (String ids : new String[] {String.valueOf(top.id()), String.valueOf(child.id()), children}) {
                Container c = ids.contains(",") ? top : trace.container(Integer.parseInt(ids));
                for (double[] w : new double[][] {{s, s + span}, {s + span * 0.45, s + span * 0.55}}) {
                    String url = server.url() + "api/window?start=" + w[0] + "&end=" + w[1] + "&width=1500&containers=&aggregate=" + ids;
                    long[] nanos = new long[7];
                    int bytes = 0;
                    for (int i = 0; i < nanos.length; i++) {
                        long a = System.nanoTime();
                        bytes = client.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofByteArray()).body().length;
                        nanos[i] = System.nanoTime() - a;
                    }
                    Arrays.sort(nanos);
                    System.out.printf("aggregate of %s (%d descendants), window %.3g s: median %.1f ms, max %.1f ms, %d bytes%n",
                            ids.contains(",") ? "each child of " + c.name() : c.name(), descendants(c), w[1] - w[0], nanos[3] / 1e6, nanos[6] / 1e6, bytes);
                }
            }
        }
    }

    private static int descendants(Container c) {
        int n = 0;
        for (Container k : c.children()) {
            n += 1 + descendants(k);
        }
        return n;
    }
}
