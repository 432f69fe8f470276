package dev.paje.server;

import dev.paje.TraceLoader;
import dev.paje.store.Trace;
import dev.paje.view.TraceView;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Not a test: the CPU time of bench/view.sh's window answers computed in this process (no HTTP), per
 * window, over several passes (the first touches the blocks). Run it with
 * {@code -XX:ActiveProcessorCount=1} so an answer is one thread's work (thread CPU time then is its
 * whole cost). The windows come on stdin as fractions of the trace, "START_FRACTION END_FRACTION"
 * per line (bench/view-cpu.sh writes view.sh's 40 and the whole trace).
 * {@code bench/timing.sh ViewCpu TRACE CACHE_DIR [PASSES] < windows}.
 */
public final class ViewCpu {
    private ViewCpu() {
    }

    /** The windows on standard input, one {@code START_FRACTION END_FRACTION} per line (view-cpu.sh writes them). */
    static List<double[]> windows() throws java.io.IOException {
        List<double[]> fractions = new ArrayList<>();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (String line; (line = in.readLine()) != null; ) {
            String[] f = line.trim().split("\\s+");
            fractions.add(new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1])});
        }
        return fractions;
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        Path cache = Path.of(args[1]);
        int passes = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        List<double[]> fractions = ViewCpu.windows();
        TraceLoader.Loaded loaded = TimingLoad.load(file, cache);
        Trace trace = loaded.trace();
        WindowHandler handler = new WindowHandler(new TraceView(loaded, file.getFileName().toString()));
        int[] ids = IntStream.rangeClosed(1, Math.min(100, trace.containers().size() - 1)).toArray();
        double span = trace.end() - trace.start();
        if (System.getenv("TABLES") != null) {
            tables(trace, ids);
        }
        if (System.getenv("DUMP") != null) { // the whole trace's answer, to look at
            try (OutputStream out = java.nio.file.Files.newOutputStream(Path.of(System.getenv("DUMP")))) {
                handler.answer(out, trace.start(), trace.end(), 1500, ids);
            }
        }
        // WARM=view: before pass 0, paje view's own warm-up (WarmUp: these rows' whole trace and a tenth of it);
        // WARM=other: the whole trace of the next rows, which warms the code but not these rows' blocks
        String warm = System.getenv().getOrDefault("WARM", "");
        if (!warm.isEmpty()) {
            long w0 = System.nanoTime();
            TraceView model = new TraceView(loaded, file.getFileName().toString());
            if ("view".equals(warm)) {
                WarmUp.run(model, new WindowHandler(model));
            } else {
                int[] rows = IntStream.rangeClosed(ids.length + 1, Math.min(2 * ids.length, trace.containers().size() - 1))
                        .toArray();
                handler.answer(OutputStream.nullOutputStream(), trace.start(), trace.end(), 1500, rows);
            }
            System.out.printf("warm-up (%s): %.1f ms%n", warm, (System.nanoTime() - w0) / 1e6);
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        boolean binary = "bin".equals(System.getenv("FORMAT")); // the page's answers (format=bin); JSON by default
        Counting sink = new Counting(System.getenv("CHECKSUM") != null);
        for (int p = 0; p < passes; p++) {
            long[] cpu = new long[fractions.size()];
            long[] wall = new long[fractions.size()];
            long gc0 = gcMillis();
            long gcs0 = gcCount();
            long wall0 = System.nanoTime();
            for (int i = 0; i < fractions.size(); i++) {
                double[] f = fractions.get(i);
                sink.bytes = 0;
                sink.crc.reset();
                long[] r0 = dev.paje.store.BlockCache.reads();
                long c0 = mx.getCurrentThreadCpuTime();
                long w0 = System.nanoTime();
                if (binary) {
                    handler.answer(sink, trace.start() + f[0] * span, trace.start() + f[1] * span, 1500, ids, true);
                } else { // a jar from before binary answers has only this one
                    handler.answer(sink, trace.start() + f[0] * span, trace.start() + f[1] * span, 1500, ids);
                }
                cpu[i] = mx.getCurrentThreadCpuTime() - c0;
                wall[i] = System.nanoTime() - w0;
                long[] r1 = dev.paje.store.BlockCache.reads();
                System.out.printf("pass %d window %2d frac %.2e cpu %7.2f ms wall %7.2f ms %7.3f MB read %5d blocks in %5d reads %5.1f ms%s%n", p, i,
                        f[1] - f[0], cpu[i] / 1e6, wall[i] / 1e6, sink.bytes / 1e6, r1[0] - r0[0],
                        r1.length > 3 ? r1[3] - r0[3] : -1, (r1[2] - r0[2]) / 1e6, // -1: a jar before positional reads were counted
                        sink.summing ? String.format(" crc %08x", sink.crc.getValue()) : "");
            }
            System.out.printf("pass %d: cpu %s; answer wall %s; pass wall %.2f s, gc %d ms in %d collections%n", p,
                    quantiles(cpu), quantiles(wall), (System.nanoTime() - wall0) / 1e9, gcMillis() - gc0, gcCount() - gcs0);
        }
    }

    /** Median and p95 of the windows but the last (the whole trace, apart, as view.sh), and the last. */
    private static String quantiles(long[] nanos) {
        long[] sorted = Arrays.copyOf(nanos, nanos.length - 1);
        Arrays.sort(sorted);
        return String.format("median %.1f ms, p95 %.1f ms, whole %.1f ms", sorted[Math.max(0, (int) (sorted.length * 0.5) - 1)] / 1e6,
                sorted[Math.max(0, (int) (sorted.length * 0.95) - 1)] / 1e6, nanos[nanos.length - 1] / 1e6);
    }

    /** Per table of the rows: its size and its summary's levels (width, buckets + long entities). */
    private static void tables(Trace trace, int[] ids) {
        for (int id : ids) {
            var c = trace.container(id);
            for (var t : trace.types()) {
                var table = t.kind() == dev.paje.store.TypeKind.CONTAINER ? null : c.table(t);
                if (table == null) {
                    continue;
                }
                dev.paje.store.Pyramid s = table instanceof dev.paje.store.StateTable st ? st.summary()
                        : table instanceof dev.paje.store.VariableTable v ? v.summary()
                        : table instanceof dev.paje.store.EventTable e ? e.summary() : null;
                StringBuilder levels = new StringBuilder();
                for (int k = 0; s != null && k < s.levels(); k++) {
                    levels.append(String.format(" %.4g:%d+%d", s.width(k), s.entries(k), s.longCount(k)));
                }
                System.out.printf("container %d %s type %s %s rows %d levels%s%n", id, c.name(), t.name(), t.kind(),
                        table.size(), levels);
            }
        }
    }

    private static long gcCount() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(b -> Math.max(0, b.getCollectionCount())).sum();
    }

    private static long gcMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(b -> Math.max(0, b.getCollectionTime())).sum();
    }

    /** Counts what an answer writes, and with {@code summing} (CHECKSUM=1) its CRC: are two builds' answers the same bytes? */
    private static final class Counting extends OutputStream {
        long bytes;
        final boolean summing;
        final java.util.zip.CRC32C crc = new java.util.zip.CRC32C();

        Counting(boolean summing) {
            this.summing = summing;
        }

        @Override
        public void write(int b) {
            bytes++;
            if (summing) {
                crc.update(b);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
            if (summing) {
                crc.update(b, off, len);
            }
        }

        @Override
        public void close() {
            // reused for every answer
        }
    }
}
