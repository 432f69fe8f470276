package dev.paje.stats;

import dev.paje.store.EntityValue;
import java.util.List;

/**
 * The time spent in one state value, clipped to the window. Nested states are counted in two ways:
 * {@code time} adds every level (it is the sum of the durations {@code paje dump -s -e} prints,
 * clipped to the window; nested time is counted once per level, so shares of a type may add up to
 * more than 100%), while {@code innermostTime} counts only the time the value is on top of the
 * stack (the durations of {@code paje dump -i}; these shares add up to at most 100%).
 *
 * @param count states of this value intersecting the window, all levels
 * @param time clipped time, all levels summed
 * @param share {@code time / span} (NaN when the span is 0)
 * @param innermostCount states of this value on top of the stack for some time in the window
 * @param innermostTime clipped time with this value on top of the stack
 * @param innermostShare {@code innermostTime / span}
 * @param levels the same figures for each nesting level (0 = outermost) that has this value
 */
public record StateValueStats(EntityValue value, long count, double time, double share, long innermostCount,
        double innermostTime, double innermostShare, List<LevelStats> levels) {
    public StateValueStats {
        levels = List.copyOf(levels);
    }

    /** Figures of one nesting level: {@code share} is {@code time / span}. */
    public record LevelStats(int level, long count, double time, double share) {
    }
}
