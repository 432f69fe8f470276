package dev.paje.read;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects problems. In fail-fast mode the first problem ends the read; otherwise problems are
 * kept up to a limit, and repeats of the same message are counted rather than listed.
 */
public final class Diagnostics {
    private final boolean failFast;
    private final int max;
    private final List<Problem> problems = new ArrayList<>();
    private final java.util.Map<String, Integer> repeats = new java.util.HashMap<>();
    private final List<Problem> warnings = new ArrayList<>();
    private long total;

    public Diagnostics(boolean failFast, int max) {
        this.failFast = failFast;
        this.max = Math.max(1, max);
    }

    /** Records a problem; throws {@link TraceException} when reading must stop. */
    public void report(Problem problem) {
        total++;
        if (failFast) {
            problems.add(problem);
            throw new TraceException(problem);
        }
        Integer seen = repeats.merge(problem.message(), 1, Integer::sum);
        if (seen == 1) {
            problems.add(problem);
        }
        if (problems.size() >= max) {
            throw new TraceException(problem);
        }
    }

    /** Records something suspicious that does not make the trace invalid. */
    public void warn(Problem problem) {
        if (warnings.size() < max) {
            warnings.add(problem);
        }
    }

    public List<Problem> problems() {
        return List.copyOf(problems);
    }

    public List<Problem> warnings() {
        return List.copyOf(warnings);
    }

    /** How many lines had a problem, repeats included. */
    public long total() {
        return total;
    }
}
