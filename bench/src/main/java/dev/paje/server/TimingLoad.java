package dev.paje.server;

import dev.paje.CachePolicy;
import dev.paje.TraceLoader;
import java.io.IOException;
import java.nio.file.Path;

/** Not a test: how the timing tools (WindowTiming, PanTiming, AggregateTiming, ViewCpu) read a trace, as paje view does, cached in {@code cache}, and say so. */
final class TimingLoad {
    static final Path CACHE = Path.of("/tmp/paje-timing-cache");

    private TimingLoad() {
    }

    static TraceLoader.Loaded load(Path file, Path cache) throws IOException {
        // as paje view: a quarter of the heap for blocks (BLOCKS_PART=N: a 1/N, to try)
        dev.paje.store.BlockCache.share(Integer.parseInt(System.getenv().getOrDefault("BLOCKS_PART", "4")));
        long t0 = System.nanoTime();
        // as paje view loads (ViewCommand): with the zoomed-out summaries, the cache not verified
        TraceLoader.Loaded loaded = TraceLoader.builder().collectProblems(100).verifyCache(false).summaries(true)
                .cache(new CachePolicy(true, CachePolicy.defaults().minBytes(), cache)).build().load(file);
        System.out.printf("%s: loaded in %.1f s (cache: %s), %d containers, %d problems%n", file.getFileName(),
                (System.nanoTime() - t0) / 1e9, loaded.fromCache(), loaded.trace().containers().size(), loaded.problems().size());
        return loaded;
    }
}
