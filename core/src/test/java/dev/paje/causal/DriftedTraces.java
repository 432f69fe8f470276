package dev.paje.causal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generates traces of processes (in machines) whose clocks are both offset and drifting by known
 * amounts: process p's clock reads true time T as {@code T + offset[p] + rate[p]·T}. Messages go
 * both ways between random pairs over {@code duration} seconds with small random latencies.
 */
final class DriftedTraces {
    final int machines;
    final int processes;
    final double[] offset;
    final double[] rate;
    final List<double[]> truth = new ArrayList<>(); // per message: {from, to, true send, true receive}
    final String text;

    /**
     * @param rates the drift of each clock (per machine when {@code perMachine}, else per process), cycled
     * @param latency least true latency; each message takes latency + [0, jitter)
     */
    DriftedTraces(long seed, int machines, int processes, int count, boolean perMachine, double[] rates,
            double offsets, double latency, double jitter, double duration) throws IOException {
        Random rnd = new Random(seed);
        this.machines = machines;
        this.processes = processes;
        offset = new double[processes];
        rate = new double[processes];
        double[] mo = new double[machines];
        for (int m = 0; m < machines; m++) {
            mo[m] = (rnd.nextDouble() * 2 - 1) * offsets;
        }
        for (int p = 0; p < processes; p++) {
            offset[p] = perMachine ? mo[p % machines] : (rnd.nextDouble() * 2 - 1) * offsets;
            rate[p] = rates[(perMachine ? p % machines : p) % rates.length];
        }
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < count; i++) {
            int[] ends = CausalTraces.messageEnds(rnd, i, processes);
            int a = ends[0];
            int b = ends[1];
            double s = rnd.nextDouble() * duration;
            double lat = latency + rnd.nextDouble() * jitter;
            truth.add(new double[] {a, b, s, s + lat});
            body.append("13 ").append(t(s, a)).append(" L 0 q").append(a).append(" msg k").append(i).append('\n');
            body.append("14 ").append(t(s + lat, b)).append(" L 0 q").append(b).append(" msg k").append(i).append('\n');
        }
        StringBuilder sb = new StringBuilder();
        for (String line : CausalTraces.text("skew.trace").split("\n")) {
            if (line.startsWith("%") || line.matches("[0124] .*")) {
                sb.append(line).append('\n');
            }
        }
        CausalTraces.containers(sb, machines, processes, this::t);
        sb.append(body);
        for (int p = 0; p < processes; p++) {
            sb.append("9 ").append(t(duration + 10, p)).append(" S q").append(p).append('\n');
            sb.append("6 ").append(t(duration + 20, p)).append(" P q").append(p).append('\n');
        }
        text = sb.toString();
    }

    /** True time {@code x} in process {@code p}'s clock, to the microsecond as tracers write it. */
    double t(double x, int p) {
        return Math.round((x + offset[p] + rate[p] * x) * 1e6) / 1e6;
    }
}
