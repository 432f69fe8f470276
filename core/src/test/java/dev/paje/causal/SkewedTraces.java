package dev.paje.causal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generates traces of processes (in machines) exchanging messages, whose clocks are off by known
 * amounts: each message's true send time and latency are drawn, then written in the clocks of its
 * two processes. Everything the tests expect is computed here, from the same doubles.
 */
final class SkewedTraces {
    /** One message as written: sender, receiver, times in their clocks, key. */
    record Message(int from, int to, double start, double end, String key) {
    }

    final int machines;
    final int processes;
    final double[] offset; // per process: what its clock adds to true time
    final List<Message> messages = new ArrayList<>();
    final String text;

    /**
     * @param perMachine offsets drawn per machine (its processes share them) rather than per process
     * @param latency least true latency; each message takes latency + [0, jitter)
     * @param bothWays every message is paired with one back, so offsets are bounded on both sides
     */
    SkewedTraces(long seed, int machines, int processes, int count, boolean perMachine, double latency, double jitter,
            boolean bothWays) throws IOException {
        Random rnd = new Random(seed);
        this.machines = machines;
        this.processes = processes;
        double[] machineOffset = new double[machines];
        for (int m = 0; m < machines; m++) {
            machineOffset[m] = round(rnd.nextDouble() * 2 - 1);
        }
        offset = new double[processes];
        for (int p = 0; p < processes; p++) {
            offset[p] = perMachine ? machineOffset[p % machines] : round(rnd.nextDouble() * 2 - 1);
        }
        for (int i = 0; i < count; i++) {
            int[] ends = CausalTraces.messageEnds(rnd, i, processes);
            int a = ends[0];
            int b = ends[1];
            double s = round(rnd.nextDouble() * 100);
            double lat = round(latency + rnd.nextDouble() * jitter);
            add(a, b, s, lat, "k" + i);
            if (bothWays) {
                add(b, a, round(s + lat + 0.5), round(latency + rnd.nextDouble() * jitter), "r" + i);
            }
        }
        StringBuilder sb = new StringBuilder(header());
        CausalTraces.containers(sb, machines, processes, this::t);
        for (Message m : messages) {
            sb.append("13 ").append(m.start).append(" L 0 q").append(m.from).append(" msg ").append(m.key).append('\n');
            sb.append("14 ").append(m.end).append(" L 0 q").append(m.to).append(" msg ").append(m.key).append('\n');
        }
        for (int p = 0; p < processes; p++) {
            sb.append("9 ").append(t(300, p)).append(" S q").append(p).append('\n');
        }
        text = sb.toString();
    }

    private void add(int a, int b, double s, double lat, String key) {
        messages.add(new Message(a, b, t(s, a), t(s + lat, b), key));
    }

    /** True time {@code x} in process {@code p}'s clock, as the trace holds it. */
    private double t(double x, int p) {
        return round(x + offset[p]);
    }

    /** Times with at most 6 decimals, as tracers write them. */
    private static double round(double x) {
        return Math.round(x * 1e6) / 1e6;
    }

    private static String header() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String line : CausalTraces.text("skew.trace").split("\n")) {
            if (line.startsWith("%") || line.matches("[0124] .*")) {
                sb.append(line).append('\n');
            }
        }
        return sb.toString();
    }
}
