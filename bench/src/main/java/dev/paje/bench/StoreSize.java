package dev.paje.bench;

import dev.paje.TraceLoader;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.EventTable;
import dev.paje.store.LinkTable;
import dev.paje.store.StateTable;
import dev.paje.store.Trace;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;

/**
 * Measures the heap a loaded trace keeps (heap used after a full GC, minus before the load) and
 * divides it by the entities it holds: the store's real cost per entity, names and tree included.
 * {@code java -cp bench/target/benchmarks.jar dev.paje.bench.StoreSize TRACE}
 */
public final class StoreSize {
    private StoreSize() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        long before = usedAfterGc();
        Trace trace = TraceLoader.builder().build().load(file).trace();
        long after = usedAfterGc();
        long[] counts = new long[4];
        for (Container c : trace.containers()) {
            for (Type t : trace.types()) {
                EntityTable table = c.table(t);
                if (table instanceof StateTable) {
                    counts[0] += table.size();
                } else if (table instanceof EventTable) {
                    counts[1] += table.size();
                } else if (table instanceof VariableTable) {
                    counts[2] += table.size();
                } else if (table instanceof LinkTable) {
                    counts[3] += table.size();
                }
            }
        }
        long entities = counts[0] + counts[1] + counts[2] + counts[3];
        long bytes = after - before;
        System.out.printf("%s: %d states, %d events, %d variable steps, %d links%n", file.getFileName(),
                counts[0], counts[1], counts[2], counts[3]);
        System.out.printf("heap kept by the trace: %.1f MB = %.1f bytes per entity (all included)%n",
                bytes / 1e6, (double) bytes / entities);
        System.out.printf("rows alone (24/16/24/32 bytes): %.1f MB%n",
                (counts[0] * 24 + counts[1] * 16 + counts[2] * 24 + counts[3] * 32) / 1e6);
        if (trace.containers().isEmpty()) {
            System.out.println("(no containers)");
        }
    }

    private static long usedAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
