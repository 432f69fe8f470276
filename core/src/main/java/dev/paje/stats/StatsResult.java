package dev.paje.stats;

import dev.paje.store.Type;
import java.util.List;

/**
 * The statistics of one time window.
 *
 * @param start the window start actually used (the trace start when none was given)
 * @param end the window end actually used
 * @param groupBy the container type figures are aggregated by, or null (one subject per container)
 * @param subjects one per selected container (or group), in depth-first order of the container tree
 */
public record StatsResult(double start, double end, Type groupBy, List<SubjectStats> subjects) {
    public StatsResult {
        subjects = List.copyOf(subjects);
    }

    public double duration() {
        return end - start;
    }
}
