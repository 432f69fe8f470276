package dev.paje.collective;

import java.util.List;
import java.util.PriorityQueue;

/**
 * Walks the rows of several tables, each in time order, as one sequence in time order (ties: the
 * earlier source first), so a sweep sees every member candidate of a type once: O(n log tables).
 */
final class TimeMerge {
    /** Rows of one table in time order: {@code row(i)} is the i-th, at {@code time(i)}. */
    interface Source {
        int size();

        double time(int i);

        int row(int i);
    }

    private final List<Source> sources;
    private final int[] next;
    private final PriorityQueue<Integer> queue;
    private int source = -1;
    private int index = -1;

    TimeMerge(List<Source> sources) {
        this.sources = sources;
        this.next = new int[sources.size()];
        this.queue = new PriorityQueue<>(Math.max(1, sources.size()), (a, b) -> {
            int c = Double.compare(head(a), head(b));
            return c != 0 ? c : Integer.compare(a, b);
        });
        for (int s = 0; s < sources.size(); s++) {
            if (sources.get(s).size() > 0) {
                queue.add(s);
            }
        }
    }

    private double head(int s) {
        return sources.get(s).time(next[s]);
    }

    /** Moves to the next row in time order; false when every row has been seen. */
    boolean advance() {
        Integer s = queue.poll();
        if (s == null) {
            return false;
        }
        source = s;
        index = next[s]++;
        if (next[s] < sources.get(s).size()) {
            queue.add(s);
        }
        return true;
    }

    /** Index of the current row's source in the list given. */
    int source() {
        return source;
    }

    /** The current row in its table. */
    int row() {
        return sources.get(source).row(index);
    }

    double time() {
        return sources.get(source).time(index);
    }
}
