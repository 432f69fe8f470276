package dev.paje.bench;

import dev.paje.trace.Container;
import dev.paje.trace.ContainerType;
import dev.paje.trace.StateType;
import dev.paje.trace.Tracer;
import dev.paje.trace.Value;
import java.io.FileOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * CPU time per traced event of the tracing API, for a shared machine where {@link TracerBenchmark}'s
 * wall times mostly measure waiting for a core: T threads each push and pop states in their own
 * container ({@code EVENTS} lines in all, to /dev/null); the score is the threads' CPU time (user +
 * system, from the JVM) divided by the events, median of 7 rounds after 3 warm-up rounds.
 * Usage: {@code java -cp bench/target/benchmarks.jar dev.paje.bench.TracerCpu [THREADS...]} (default 1 4).
 */
public final class TracerCpu {
    private static final int EVENTS = 8_000_000;

    public static void main(String[] args) throws Exception {
        int[] threads = args.length == 0 ? new int[] {1, 4} : Arrays.stream(args).mapToInt(Integer::parseInt).toArray();
        for (int t : threads) {
            double[] cpu = new double[7];
            double[] wall = new double[7];
            for (int round = -3; round < cpu.length; round++) {
                double[] r = round(t);
                if (round >= 0) {
                    cpu[round] = r[0];
                    wall[round] = r[1];
                }
            }
            Arrays.sort(cpu);
            Arrays.sort(wall);
            System.out.printf("%d thread(s): %.1f ns CPU per event (median of 7; min %.1f, max %.1f), %.1f ns wall per event per thread%n",
                    t, cpu[3], cpu[0], cpu[6], wall[3]);
        }
    }

    /** One round: CPU ns per event (all threads), wall ns per event of one thread. */
    private static double[] round(int threads) throws IOException, InterruptedException {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        try (Tracer tracer = Tracer.builder().strict(true).open(new FileOutputStream("/dev/null"), "/dev/null")) {
            ContainerType thread = tracer.containerType("Thread");
            StateType state = tracer.stateType("State", thread);
            Value working = state.value("Working");
            int perThread = EVENTS / threads / 2;
            long[] cpu = new long[threads];
            long[] wall = new long[threads];
            Thread[] workers = new Thread[threads];
            for (int i = 0; i < threads; i++) {
                Container me = tracer.createContainer("t" + i, thread);
                int slot = i;
                workers[i] = new Thread(() -> {
                    long c0 = mx.getCurrentThreadCpuTime();
                    long w0 = System.nanoTime();
                    for (int n = 0; n < perThread; n++) {
                        me.pushState(state, working);
                        me.popState(state);
                    }
                    wall[slot] = System.nanoTime() - w0;
                    cpu[slot] = mx.getCurrentThreadCpuTime() - c0;
                });
            }
            for (Thread w : workers) {
                w.start();
            }
            for (Thread w : workers) {
                w.join();
            }
            double events = 2.0 * perThread * threads;
            return new double[] {Arrays.stream(cpu).sum() / events, Arrays.stream(wall).max().orElse(0) / (2.0 * perThread)};
        }
    }
}
