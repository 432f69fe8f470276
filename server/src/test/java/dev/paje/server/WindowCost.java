package dev.paje.server;

import dev.paje.CachePolicy;
import dev.paje.TraceLoader;
import java.io.OutputStream;
import java.nio.file.Path;

/** Not a test: server-side cost of one whole-trace window (sampling and writing, no HTTP), min of runs. */
public final class WindowCost {
    public static void main(String[] args) throws Exception {
        TraceLoader.Loaded loaded = TraceLoader.builder().cache(new CachePolicy(true, CachePolicy.defaults().minBytes(),
                Path.of("/tmp/paje-timing-cache"))).build().load(Path.of(args[0]));
        WindowHandler h = new WindowHandler(new TraceModel(loaded, "x"));
        int rows = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        int[] ids = new int[rows];
        for (int i = 0; i < rows; i++) {
            ids[i] = Math.min(loaded.trace().containers().size() - 1, 100 + i);
        }
        long best = Long.MAX_VALUE;
        long[] bytes = {0};
        for (int rep = 0; rep < 30; rep++) {
            bytes[0] = 0;
            OutputStream sink = new OutputStream() {
                @Override public void write(int b) { bytes[0]++; }
                @Override public void write(byte[] b, int off, int len) { bytes[0] += len; }
            };
            long t0 = System.nanoTime();
            h.answer(sink, loaded.trace().start(), loaded.trace().end(), 1500, ids);
            best = Math.min(best, System.nanoTime() - t0);
        }
        System.out.printf("whole trace, %d rows, 1500 px: best %.1f ms, %d bytes%n", rows, best / 1e6, bytes[0]);
    }
}
