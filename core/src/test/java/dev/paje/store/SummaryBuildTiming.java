package dev.paje.store;

import dev.paje.CachePolicy;
import dev.paje.TraceLoader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Times the build at seal alone, on one thread: every table {@link SummaryBuild} would summarize, by
 * {@link LiveSummary#build} (a row once, levels on the heap as {@link Rows}), by {@link LiveSummary#buildAtSeal} (as
 * the seal does: levels in recycled whole blocks, not copied here) and, when told, {@link Pyramid#build} (every row
 * into every level), in alternation, CPU time of this thread. Not a test (a timing tool: its figures go to bench/RESULTS.md).
 *
 * <p>Usage: {@code java -Xmx256m -cp core/target/classes:core/target/test-classes dev.paje.store.SummaryBuildTiming
 * TRACE CACHE_DIR [ROUNDS [summaries,perlevel,variables,seal,first,warm]]}: the trace is loaded through a cache there (a second run opens it),
 * without summaries unless told (then a viewer's cache is opened); {@code perlevel} times {@link Pyramid#build} too, {@code variables} times the variable tables only, {@code seal} skips {@link LiveSummary#build} (so that {@link LiveSummary#buildAtSeal}'s first round runs cold, as in a seal), {@code first} the first screen's tables (containers 0-100, largest first), written into a
 * temporary store file too; {@code warm} first builds up to 1 M rows of other
 * tables (containers past 100) so that round 0 runs after a warm-up. A third pass only reads the rows the builds read.
 */
public final class SummaryBuildTiming {
    private SummaryBuildTiming() {
    }

    public static void main(String[] args) throws Exception {
        Path trace = Path.of(args[0]);
        Path cache = Path.of(args[1]);
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        boolean summaries = args.length > 3 && args[3].contains("summaries");
        boolean perLevel = args.length > 3 && args[3].contains("perlevel"); // Pyramid.build too (slow)
        boolean sealOnly = args.length > 3 && args[3].contains("seal"); // buildAtSeal alone: its first round is cold, as at a seal
        boolean firstScreen = args.length > 3 && args[3].contains("first"); // containers 0-100, largest first, written too
        boolean warm = args.length > 3 && args[3].contains("warm"); // first: the rest's tables built before, up to 1 M rows
        boolean variablesOnly = args.length > 3 && args[3].contains("variables"); // the first screen's bulk
        TraceLoader.Loaded loaded = TraceLoader.builder().summaries(summaries).cache(new CachePolicy(true, 0, cache)).build()
                .load(trace);
        Trace tr = loaded.trace();
        List<EntityTable> tables = new ArrayList<>();
        long rows = 0;
        List<Container> cs = tr.containers();
        for (Container c : firstScreen ? cs.subList(0, Math.min(cs.size(), 101)) : cs) {
            for (Type t : tr.types()) {
                EntityTable table = c.table(t);
                if (table != null && table.size() >= Pyramid.MIN_ROWS && !(table instanceof LinkTable)
                        && (!variablesOnly || table instanceof VariableTable)) {
                    tables.add(table);
                    rows += table.size();
                }
            }
        }
        if (firstScreen) {
            tables.sort(java.util.Comparator.comparingInt(EntityTable::size).reversed()); // SummaryBuild's order
        }
        System.out.printf("%d tables, %,d rows (from cache: %s)%n", tables.size(), rows, loaded.fromCache());
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        double start = tr.start();
        double end = tr.end();
        if (warm) { // how much of round 0's cold cost a build of other tables beforehand takes away
            long cpu0 = bean.getCurrentThreadCpuTime();
            long warmed = 0;
            BlockRecycler recycler = new BlockRecycler(16 << 20);
            for (Container c : cs.subList(Math.min(cs.size(), 101), cs.size())) {
                for (Type t : tr.types()) {
                    EntityTable table = c.table(t);
                    if (warmed < 1_000_000 && table != null && table.size() >= Pyramid.MIN_ROWS
                            && !(table instanceof LinkTable)) {
                        LiveSummary.AtSeal s = LiveSummary.buildAtSeal(table, start, end, Pyramid.minPerBucket(table), recycler);
                        if (s != null) {
                            s.release();
                        }
                        warmed += table.size();
                    }
                }
            }
            System.out.printf("warm-up: %,d rows of other tables, cpu %.2f s%n", warmed,
                    (bean.getCurrentThreadCpuTime() - cpu0) / 1e9);
        }
        Path intoPath = cache.resolve("summary-build-timing.tmp");
        StoreFile into = firstScreen ? StoreFile.create(intoPath, false) : null; // where the first screen's are written
        for (int round = 0; round < rounds; round++) {
            long cpuRead = bean.getCurrentThreadCpuTime();
            long wallRead = System.nanoTime();
            double sum = 0;
            for (EntityTable t : tables) {
                int fields = Math.min(3, t.rows.stride());
                for (int r = 0, n = t.size(); r < n; r++) {
                    for (int f = 0; f < fields; f++) {
                        sum += t.rows.get(r, f);
                    }
                }
            }
            System.out.printf("round %d %-26s cpu %.2f s wall %.2f s (%g)%n", round, "reading the rows",
                    (bean.getCurrentThreadCpuTime() - cpuRead) / 1e9, (System.nanoTime() - wallRead) / 1e9, sum);
            long cpuBlocks = bean.getCurrentThreadCpuTime();
            long bits = 0;
            for (EntityTable t : tables) { // as feedAll reads them: a block at a time
                long[] block = new long[Rows.BLOCK_ROWS * t.rows.stride()];
                for (int b = 0, nb = (t.size() + Rows.BLOCK_ROWS - 1) >>> Rows.BLOCK_SHIFT; b < nb; b++) {
                    int m = t.rows.readBlock(b, block);
                    for (int i = 0, f = t.rows.stride(); i < m; i++) {
                        bits += block[i * f] ^ block[i * f + 1];
                    }
                }
            }
            System.out.printf("round %d %-26s cpu %.2f s (%d)%n", round, "reading blocks",
                    (bean.getCurrentThreadCpuTime() - cpuBlocks) / 1e9, bits);
            BlockRecycler recycler = new BlockRecycler(16 << 20);
            for (String how : new String[] {"Pyramid.build (per level)", "LiveSummary.build (once)", "buildAtSeal (blocks)"}) {
                if (how.startsWith("Pyramid") && !perLevel || how.startsWith("Live") && sealOnly) {
                    continue;
                }
                long cpu0 = bean.getCurrentThreadCpuTime();
                long wall0 = System.nanoTime();
                long out = 0;
                long writing = 0;
                for (EntityTable t : tables) {
                    int per = Pyramid.minPerBucket(t);
                    if (how.startsWith("buildAtSeal")) {
                        LiveSummary.AtSeal s = LiveSummary.buildAtSeal(t, start, end, per, recycler);
                        if (s != null) {
                            out += s.rows();
                            if (into != null) {
                                long w0 = bean.getCurrentThreadCpuTime();
                                s.writeTo(into); // as SummaryBuild's writer does (its arrays stay: garbage)
                                writing += bean.getCurrentThreadCpuTime() - w0;
                            } else {
                                s.release();
                            }
                        }
                        continue;
                    }
                    Pyramid p = how.startsWith("Live") ? LiveSummary.build(t, start, end, per)
                            : Pyramid.build(t, start, end, null, per);
                    for (int k = 0; p != null && k < p.levels(); k++) {
                        out += p.entries(k) + p.longCount(k);
                    }
                }
                System.out.printf("round %d %-26s cpu %.2f s wall %.2f s, %,d summary rows (writing them: cpu %.2f s)%n",
                        round, how, (bean.getCurrentThreadCpuTime() - cpu0) / 1e9, (System.nanoTime() - wall0) / 1e9, out,
                        writing / 1e9);
            }
        }
        if (into != null) {
            into.close();
            java.nio.file.Files.deleteIfExists(intoPath);
        }
        tr.close();
    }
}
