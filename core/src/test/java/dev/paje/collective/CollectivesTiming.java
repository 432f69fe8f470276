package dev.paje.collective;

import dev.paje.CachePolicy;
import dev.paje.TraceLoader;
import dev.paje.store.Trace;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Not a test: times {@link Collectives#find} on a trace (best of 5, after a warm-up run).
 * {@code java -cp ... dev.paje.collective.CollectivesTiming TRACE [CACHE_DIR [KEY_REGEX]]}.
 */
public final class CollectivesTiming {
    private CollectivesTiming() {
    }

    public static void main(String[] args) throws Exception {
        Path cache = Path.of(args.length > 1 ? args[1] : "/tmp/coll-cache");
        Trace trace = TraceLoader.builder().cache(new CachePolicy(true, CachePolicy.defaults().minBytes(), cache))
                .build().load(Path.of(args[0])).trace();
        CollectiveOptions options = CollectiveOptions.defaults();
        if (args.length > 2) {
            options = options.withKeyRule(Pattern.compile(args[2]));
        }
        double best = Double.MAX_VALUE;
        Collectives found = null;
        for (int i = 0; i < 6; i++) {
            long t0 = System.nanoTime();
            found = Collectives.find(trace, options);
            double ms = (System.nanoTime() - t0) / 1e6;
            if (i > 0) {
                best = Math.min(best, ms);
            }
        }
        long members = found.all().stream().mapToLong(Collective::members).sum();
        System.out.printf("%s: %d operations (%d members), tolerance %g, best of 5: %.1f ms%n",
                args[0], found.size(), members, found.tolerance(), best);
    }
}
