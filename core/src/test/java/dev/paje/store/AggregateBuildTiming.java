package dev.paje.store;

import dev.paje.CachePolicy;
import dev.paje.TraceLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Times {@link AggregateBuild#build} alone on a loaded trace (wall and process CPU, per round) and prints a hash of every
 * aggregate row built, so that two versions of the build can be compared: same hash, same rows. Not a test (a timing
 * tool: its figures go to bench/RESULTS.md).
 *
 * <p>Usage: {@code java -Xmx256m -cp core/target/classes:core/target/test-classes dev.paje.store.AggregateBuildTiming
 * TRACE CACHE_DIR [ROUNDS [THREADS]]} (the trace is loaded through a cache there, without summaries; a second run opens it).
 */
public final class AggregateBuildTiming {
    private AggregateBuildTiming() {
    }

    public static void main(String[] args) throws Exception {
        Path trace = Path.of(args[0]);
        Path cache = Path.of(args[1]);
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        int threads = args.length > 3 ? Integer.parseInt(args[3]) : 2;
        TraceLoader.Loaded loaded = TraceLoader.builder().summaries(false).cache(new CachePolicy(true, 0, cache)).build()
                .load(trace);
        Trace tr = loaded.trace();
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        Path intoPath = cache.resolve("aggregate-build-timing.tmp");
        for (int round = 0; round < rounds; round++) {
            StoreFile into = StoreFile.create(intoPath, false);
            long reads0 = StoreFile.POSITIONAL_READS.sum();
            long cpu0 = os.getProcessCpuTime();
            long wall0 = System.nanoTime();
            AggregateBuild.build(tr, into, threads);
            double wall = (System.nanoTime() - wall0) / 1e9;
            double cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
            System.out.printf("round %d aggregate build: wall %.2f s, process cpu %.2f s, %,d positional reads, rows hash %016x%n", round,
                    wall, cpu, StoreFile.POSITIONAL_READS.sum() - reads0, hash(tr.containers(), tr.types()));
            into.close();
            Files.deleteIfExists(intoPath);
        }
        tr.close();
    }

    /** A hash of every aggregate's widths and rows, container by container, type by type. */
    private static long hash(List<Container> cs, List<Type> types) {
        long h = 1;
        long n = 0;
        long[] buf = new long[Rows.BLOCK_ROWS * AggregateSummary.VARIABLE_STRIDE];
        for (Container c : cs) {
            for (Type t : types) {
                AggregateSummary a = c.aggregateBuilt(t);
                if (a == null) {
                    continue;
                }
                h = h * 31 + c.id() * 1009L + t.id();
                for (int k = 0; k < a.levels(); k++) {
                    h = h * 31 + Double.doubleToRawLongBits(a.width(k));
                    int stride = AggregateSummary.stride(a.kind());
                    for (int i = 0, rows = a.entries(k); i < rows; ) {
                        int m = a.copyEntries(k, i, rows - i, buf);
                        for (int j = 0; j < m * stride; j++) {
                            h = h * 1_000_003 + buf[j];
                        }
                        n += m;
                        i += m;
                    }
                }
            }
        }
        return h ^ n;
    }
}
