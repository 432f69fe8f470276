package dev.paje.spark;

import dev.paje.store.Container;
import dev.paje.store.Trace;
import dev.paje.export.TraceWalk;
import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How the trace is cut into parts, broadcast to every executor: containers in depth-first order are
 * split into contiguous ranges of about equal numbers of entity lines (so the parts written in order
 * keep the tables' order: container, type, time), plus what every part needs to simulate alone.
 */
final class PartPlan implements Serializable {
    private static final long serialVersionUID = 1L;

    final String traceName;
    final boolean legacyNames;
    final List<byte[]> header;
    final TreeMap<Long, byte[]> structure;
    final double end;
    /** Part of each container name and alias. */
    final Map<String, Integer> partOf = new HashMap<>();
    /** Part p holds the containers of depth-first ranks [first[p], first[p + 1]). */
    final int[] first;

    PartPlan(String traceName, boolean legacyNames, List<byte[]> header, TraceSummary summary, Trace structureTrace,
            int wantedParts) {
        this.traceName = traceName;
        this.legacyNames = legacyNames;
        this.header = header;
        this.structure = summary.structure;
        this.end = summary.end;
        List<Container> order = TraceWalk.preorder(structureTrace);
        long[] weight = new long[order.size()];
        long total = 0;
        for (int r = 0; r < order.size(); r++) {
            Container c = order.get(r);
            weight[r] = summary.linesPerContainer.getOrDefault(c.name(), 0L)
                    + (c.alias() == null ? 0 : summary.linesPerContainer.getOrDefault(c.alias(), 0L));
            total += weight[r];
        }
        int parts = Math.max(1, Math.min(wantedParts, order.size()));
        first = new int[parts + 1];
        int p = 1;
        long sum = 0;
        for (int r = 0; r < order.size() && p < parts; r++) {
            sum += weight[r];
            if (sum * parts >= total * p) {
                first[p++] = r + 1;
            }
        }
        while (p <= parts) {
            first[p++] = order.size();
        }
        int part = 0;
        for (int r = 0; r < order.size(); r++) {
            while (r >= first[part + 1]) {
                part++;
            }
            partOf.put(order.get(r).name(), part);
        }
        for (int r = 0; r < order.size(); r++) { // aliases win over names, as in the simulator
            if (order.get(r).alias() != null) {
                partOf.put(order.get(r).alias(), partOf.get(order.get(r).name()));
            }
        }
    }

    int parts() {
        return first.length - 1;
    }

    /** The part of an entity line naming {@code container}; an unknown one goes to part 0, whose simulation reports it. */
    int part(String container) {
        return partOf.getOrDefault(container, 0);
    }
}
