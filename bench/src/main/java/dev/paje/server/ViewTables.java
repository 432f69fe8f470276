package dev.paje.server;

import dev.paje.TraceLoader;
import dev.paje.query.PixelGrid;
import dev.paje.query.PixelSampler;
import dev.paje.query.PointSampler;
import dev.paje.query.StateSampler;
import dev.paje.query.VariableSampler;
import dev.paje.query.Window;
import dev.paje.store.BlockCache;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.TypeKind;
import dev.paje.store.VariableTable;
import dev.paje.view.TraceView;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Not a test: where a window answer's sampling goes, per kind of table: for each of bench/view.sh's windows
 * (fractions of the trace on stdin, as {@link ViewCpu}), each table of the first 100 containers sampled
 * alone on this thread, and per kind (and type) the CPU, the blocks read from disk (cache misses, and the
 * time reading and checking them), how many tables read their rows rather than a summary level, and how
 * many rows those were. No JSON. {@code bench/view-tables.sh TRACE CACHE_DIR [PASSES]}.
 */
public final class ViewTables {
    private ViewTables() {
    }

    /** What one kind (or type) of table cost in one window. */
    private static final class Cost {
        long cpu;
        long reads;
        long readBytes;
        long readNanos;
        int tables;
        int onRows;
        long rows;
        final Map<Integer, Integer> levels = new TreeMap<>();
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        Path cache = Path.of(args[1]);
        int passes = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        List<double[]> fractions = ViewCpu.windows();
        TraceLoader.Loaded loaded = TimingLoad.load(file, cache);
        Trace trace = loaded.trace();
        TraceView model = new TraceView(loaded, file.getFileName().toString());
        double span = trace.end() - trace.start();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        int n = Math.min(100, trace.containers().size() - 1);
        for (int p = 0; p < passes; p++) {
            for (int w = 0; w < fractions.size(); w++) {
                double[] f = fractions.get(w);
                PixelGrid grid = new PixelGrid(trace.start() + f[0] * span, trace.start() + f[1] * span, 1500);
                StateSampler states = new StateSampler(grid, model.end());
                PointSampler points = new PointSampler(grid);
                VariableSampler variables = new VariableSampler(grid, model.end());
                Map<String, Cost> costs = new TreeMap<>();
                for (int id = 1; id <= n; id++) {
                    Container c = trace.container(id);
                    for (Type t : trace.types()) {
                        if (t.kind() == TypeKind.CONTAINER || c.table(t) == null) {
                            continue;
                        }
                        EntityTable table = c.table(t);
                        long[] r0 = BlockCache.reads();
                        long c0 = mx.getCurrentThreadCpuTime();
                        PixelSampler<?> used = table instanceof StateTable s ? states.sample(s)
                                : table instanceof EventTable e ? points.sample(e)
                                : table instanceof VariableTable v ? variables.sample(v)
                                : points.sample((LinkTable) table);
                        long cpu = mx.getCurrentThreadCpuTime() - c0;
                        long[] r1 = BlockCache.reads();
                        String key = t.kind() + " " + t.name();
                        Cost k = costs.computeIfAbsent(key, x -> new Cost());
                        k.cpu += cpu;
                        k.reads += r1[0] - r0[0];
                        k.readBytes += r1[1] - r0[1];
                        k.readNanos += r1[2] - r0[2];
                        k.tables++;
                        int level = used.summaryLevel();
                        k.levels.merge(level, 1, Integer::sum);
                        if (level < 0) {
                            k.onRows++;
                            k.rows += rowsIn(table, grid);
                        }
                    }
                }
                long cpu = costs.values().stream().mapToLong(x -> x.cpu).sum();
                System.out.printf("pass %d window %2d frac %.2e pixel %.3g s: sampling cpu %.1f ms%n", p, w, f[1] - f[0],
                        grid.pixel(), cpu / 1e6);
                for (var e : costs.entrySet()) {
                    Cost k = e.getValue();
                    System.out.printf("    %-28s cpu %6.1f ms  read %5d blocks %6.2f MB %5.1f ms  tables %3d on rows %3d (%d rows)  levels %s%n",
                            e.getKey(), k.cpu / 1e6, k.reads, k.readBytes / 1e6, k.readNanos / 1e6, k.tables, k.onRows,
                            k.rows, k.levels);
                }
            }
        }
    }

    /** Rows of {@code table} in the grid's window (what the rows path reads). */
    private static long rowsIn(EntityTable table, PixelGrid grid) {
        long[] count = {0};
        if (table instanceof StateTable s) {
            Window.states(s, grid.start(), grid.end(), r -> count[0]++);
        } else if (table instanceof EventTable e) {
            count[0] = Window.countEvents(e, grid.start(), grid.end());
        } else if (table instanceof VariableTable v) {
            Window.variables(v, grid.start(), grid.end(), r -> count[0]++);
        } else {
            Window.links((LinkTable) table, grid.start(), grid.end(), r -> count[0]++);
        }
        return count[0];
    }
}
