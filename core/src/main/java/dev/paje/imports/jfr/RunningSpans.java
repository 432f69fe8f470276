package dev.paje.imports.jfr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * When a thread ran, from its execution samples: a sample shows the thread running Java code, so it
 * counts as running for one sampling period after it, cut at the thread's next recorded blocking state;
 * samples less than half a period apart with no blocking state between them join into one span.
 * Samples that fall inside a blocking state are ignored (the state was measured, the sample was not).
 */
final class RunningSpans {
    private RunningSpans() {
    }

    /**
     * @param samples the sample times of one thread, in any order (sorted here)
     * @param blocking the thread's blocking states (sorted here by start)
     * @return {@code {start, end}} pairs in time order, none overlapping a blocking state
     */
    static List<double[]> of(double[] samples, List<Fact> blocking, double period) {
        Arrays.sort(samples);
        blocking.sort(Fact.ORDER);
        List<double[]> spans = new ArrayList<>();
        int b = 0;
        double blockedUntil = Double.NEGATIVE_INFINITY;
        double[] current = null;
        double currentLimit = Double.NaN;
        for (double s : samples) {
            while (b < blocking.size() && blocking.get(b).start <= s) {
                blockedUntil = Math.max(blockedUntil, blocking.get(b).end);
                b++;
            }
            if (s < blockedUntil) {
                continue;
            }
            double limit = b < blocking.size() ? blocking.get(b).start : Double.POSITIVE_INFINITY;
            double end = Math.min(s + period, limit);
            if (current != null && limit == currentLimit && s - current[1] <= period / 2) {
                current[1] = Math.max(current[1], end);
            } else {
                current = new double[] {s, end};
                currentLimit = limit;
                spans.add(current);
            }
        }
        return spans;
    }
}
