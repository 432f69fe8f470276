package dev.paje.stats;

import java.util.List;

/**
 * What {@link Stats#compute} reports on: a time window, which containers and entity types, and
 * whether to aggregate by container type.
 *
 * @param start window start; {@code -Infinity} means the start of the trace
 * @param end window end; {@code +Infinity} means the end of the trace
 * @param containers containers by path ({@code /node-1/rank 0}) or name; empty means all
 * @param types entity types by name; empty means all
 * @param groupBy a container type name: aggregate over each container of that type and its
 *     subtree; null for one figure set per container
 */
public record StatsOptions(double start, double end, List<String> containers, List<String> types, String groupBy) {

    public StatsOptions {
        containers = List.copyOf(containers);
        types = List.copyOf(types);
    }

    /** The whole trace, every container, every type, no grouping. */
    public static StatsOptions defaults() {
        return new StatsOptions(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, List.of(), List.of(), null);
    }

    public StatsOptions withWindow(double from, double to) {
        return new StatsOptions(from, to, containers, types, groupBy);
    }

    public StatsOptions withContainers(List<String> names) {
        return new StatsOptions(start, end, names, types, groupBy);
    }

    public StatsOptions withTypes(List<String> names) {
        return new StatsOptions(start, end, containers, names, groupBy);
    }

    public StatsOptions withGroupBy(String containerType) {
        return new StatsOptions(start, end, containers, types, containerType);
    }
}
