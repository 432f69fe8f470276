package dev.paje.bench;

import dev.paje.CachePolicy;
import dev.paje.TraceLoader;
import dev.paje.query.PixelGrid;
import dev.paje.query.StateSampler;
import dev.paje.store.Container;
import dev.paje.store.StateSummary;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A whole-trace window drawn with and without the state summaries: the state tables of the first
 * ROWS containers holding states, sampled at WIDTH pixels, median of RUNS (after as many warm-up runs).
 *
 * <p>Usage: {@code java -cp bench/target/benchmarks.jar dev.paje.bench.SummaryBench TRACE [WIDTH [ROWS [RUNS [CACHE_DIR]]]]}
 * (defaults 1500, 100, 15, a directory under /tmp); the trace is loaded through a cache there, so a
 * second run starts at once. Prints the load time, the summaries' size and the two medians per width.
 */
public final class SummaryBench {
    private SummaryBench() {
    }

    public static void main(String[] args) throws Exception {
        Path trace = Path.of(args[0]);
        int width = args.length > 1 ? Integer.parseInt(args[1]) : 1500;
        int rows = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        int runs = args.length > 3 ? Integer.parseInt(args[3]) : 15;
        Path cache = args.length > 4 ? Path.of(args[4]) : Path.of(System.getProperty("java.io.tmpdir"), "paje-summary-bench");
        Files.createDirectories(cache);
        long t0 = System.nanoTime();
        TraceLoader.Loaded loaded = TraceLoader.builder().cache(new CachePolicy(true, 0, cache)).build().load(trace);
        Trace tr = loaded.trace();
        System.out.printf("loaded %s in %.1f s (from cache: %s)%n", trace, (System.nanoTime() - t0) / 1e9, loaded.fromCache());
        List<StateTable> tables = new ArrayList<>();
        int containers = 0;
        long states = 0;
        long summaryRows = 0;
        int summarized = 0;
        for (Container c : tr.containers()) {
            boolean any = false;
            for (Type t : tr.types()) {
                if (c.table(t) instanceof StateTable s) {
                    tables.add(s);
                    states += s.size();
                    any = true;
                    if (s.summary() != null) {
                        summarized++;
                        for (int k = 0; k < s.summary().levels(); k++) {
                            summaryRows += s.summary().entries(k) + s.summary().longCount(k);
                        }
                    }
                }
            }
            if (any && ++containers == rows) {
                break;
            }
        }
        System.out.printf("%d state tables of %d containers, %,d states (%,d bytes); %d summarized, %,d summary rows"
                + " (all levels, about %,d bytes)%n", tables.size(), containers, states, states * 24, summarized,
                summaryRows, summaryRows * 28);
        for (int w : new int[] {width, width / 5, width / 25}) {
            PixelGrid grid = new PixelGrid(tr.start(), tr.end(), w);
            StateSampler sampler = new StateSampler(grid, tr.end());
            double with = time(sampler.summaries(true), tables, runs);
            int[] levels = tables.stream().mapToInt(t -> sampler.sample(t).summaryLevel()).toArray();
            long used = Arrays.stream(levels).filter(l -> l >= 0).count();
            double without = time(sampler.summaries(false), tables, runs);
            System.out.printf("whole trace, %d px, %d tables: rows %.2f ms, summaries %.2f ms (%d of %d tables read"
                    + " a summary)%n", w, tables.size(), without, with, used, tables.size());
        }
        tr.close();
    }

    private static double time(StateSampler s, List<StateTable> tables, int runs) {
        double[] ms = new double[runs];
        long sink = 0;
        for (int r = -runs; r < runs; r++) {
            long t0 = System.nanoTime();
            for (StateTable t : tables) {
                sink += s.sample(t).cellCount() + s.itemCount();
            }
            if (r >= 0) {
                ms[r] = (System.nanoTime() - t0) / 1e6;
            }
        }
        if (sink == 42) {
            System.out.print("");
        }
        Arrays.sort(ms);
        return ms[runs / 2];
    }
}
