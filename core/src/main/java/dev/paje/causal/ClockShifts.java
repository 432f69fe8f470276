package dev.paje.causal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Solves the clock constraints: longest paths from a virtual source tied to every clock with
 * weight 0 (Bellman–Ford), which gives the least non-negative shifts; a still-improving edge after
 * as many rounds as clocks means a positive cycle. A last pass over the links themselves, in the
 * doubles the output will hold, bumps shifts by a few ulps where rounding left a link short.
 */
public final class ClockShifts {
    private ClockShifts() {
    }

    public static ClockFix solve(ClockConstraints constraints) {
        List<ClockConstraints.Edge> edges = constraints.edges();
        Map<Integer, Integer> index = new HashMap<>();
        List<Integer> clocks = new ArrayList<>();
        for (ClockConstraints.Edge e : edges) {
            for (int g : new int[] {e.from(), e.to()}) {
                if (!index.containsKey(g)) {
                    index.put(g, clocks.size());
                    clocks.add(g);
                }
            }
        }
        int n = clocks.size();
        int m = edges.size();
        int[] from = new int[m];
        int[] to = new int[m];
        double[] need = new double[m];
        for (int i = 0; i < m; i++) {
            from[i] = index.get(edges.get(i).from());
            to[i] = index.get(edges.get(i).to());
            need[i] = edges.get(i).need();
        }
        double tol = constraints.tolerance();
        double[] d = new double[n];
        int[] pred = new int[n];
        java.util.Arrays.fill(pred, -1);
        int last = -1;
        for (int round = 0; round <= n; round++) {
            last = -1;
            for (int i = 0; i < m; i++) {
                double cand = d[from[i]] + need[i];
                if (cand > d[to[i]] + tol) {
                    d[to[i]] = cand;
                    pred[to[i]] = i;
                    last = to[i];
                }
            }
            if (last < 0) {
                break;
            }
        }
        int size = constraints.groups().size();
        double[] shift = new double[size];
        if (last >= 0) {
            List<Integer> cycle = new ArrayList<>();
            double excess = cycle(last, n, pred, from, need, clocks, cycle);
            return new ClockFix(constraints, shift, cycle, excess, 0);
        }
        double[] byGroup = new double[size];
        for (int k = 0; k < n; k++) {
            byGroup[clocks.get(k)] = d[k];
        }
        long failures = constraints.unfixable().isEmpty() ? repair(constraints, byGroup, n + 2) : 0;
        ClockGroups groups = constraints.groups();
        for (int c = 0; c < size; c++) {
            shift[c] = byGroup[groups.of(c)];
        }
        return new ClockFix(constraints, shift, List.of(), 0, failures);
    }

    /** Walks back from a node relaxed in round n into the cycle; returns the cycle's total need. */
    private static double cycle(int start, int n, int[] pred, int[] from, double[] need, List<Integer> clocks,
            List<Integer> out) {
        int v = start;
        for (int i = 0; i < n; i++) {
            v = from[pred[v]];
        }
        List<Integer> nodes = new ArrayList<>();
        double total = 0;
        int u = v;
        do {
            nodes.add(clocks.get(u));
            total += need[pred[u]];
            u = from[pred[u]];
        } while (u != v);
        Collections.reverse(nodes);
        out.addAll(nodes);
        return total;
    }

    /**
     * Makes every link hold in the doubles that will be written, bumping a receiver's shift where
     * rounding left it short: exactly {@code end + shiftTo >= start + shiftFrom} (no tachyon is left),
     * and the minimum latency within the tolerance (demanding it to the last bit would make cycles
     * of exactly tight links creep by ulps forever). Returns how many links still fail after
     * {@code rounds} passes.
     */
    private static long repair(ClockConstraints constraints, double[] byGroup, int rounds) {
        ClockGroups groups = constraints.groups();
        double latency = constraints.minLatency();
        double tol = constraints.tolerance();
        long[] failing = {0};
        for (int round = 0; round < rounds; round++) {
            failing[0] = 0;
            Links.forEach(constraints.trace(), (holder, type, table, row) -> {
                int a = groups.of(table.from(row));
                int b = groups.of(table.to(row));
                if (a == b) {
                    return;
                }
                ClockMap drift = constraints.drift();
                double r = drift.dedrift(table.to(row), table.end(row));
                double sent = drift.dedrift(table.from(row), table.start(row)) + byGroup[a];
                double target = latency - tol > 0 ? Math.max(sent, sent + latency - tol) : sent;
                if (r + byGroup[b] < target) {
                    double s = Math.max(byGroup[b], target - r);
                    while (r + s < target) {
                        s = Math.nextUp(s);
                    }
                    byGroup[b] = s;
                    failing[0]++;
                }
            });
            if (failing[0] == 0) {
                return 0;
            }
        }
        return failing[0];
    }
}
