package dev.paje.query;

import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.StateTable;
import dev.paje.store.Type;
import dev.paje.store.VariableTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One row standing for many containers (Pajé's aggregation for scalability): per pixel, how many of
 * the members are in each state value, and the sum and mean of their variables. States count
 * <em>innermost</em> (the top of each member's stack: what a thread is doing now), so the shares of
 * a pixel add up to at most 1 and "number of members in V" is the number of threads doing V.
 * Cost O(entities of the members in the window + values × pixels): intervals are spread by
 * {@link PixelSpread}, each member's table found by {@link Window}'s binary search.
 */
public final class AggregateSampler {
    private final PixelGrid grid;
    private final double traceEnd;
    /** The members' rows, a block at a time. */
    private final long[] buf = new long[EntityTable.BLOCK_ROWS * StateTable.STRIDE];

    /** How many containers were aggregated (the descendants holding the type). */
    public int members;
    /** State cells: pixel, mean number of members alive in it, and its values {@code [first, first + count)}. */
    public final IntColumn px = new IntColumn();
    public final DoubleColumn alive = new DoubleColumn();
    public final IntColumn cellFirst = new IntColumn();
    public final IntColumn cellCount = new IntColumn();
    /** Per value of a cell: the value and the mean number of members with it on top of their stack. */
    public final IntColumn value = new IntColumn();
    public final DoubleColumn number = new DoubleColumn();
    /** Variable cells: pixel, time-average of the members' sum, mean over the members defined there. */
    public final DoubleColumn sum = new DoubleColumn();
    public final DoubleColumn mean = new DoubleColumn();

    public AggregateSampler(PixelGrid grid, double traceEnd) {
        this.grid = grid;
        this.traceEnd = traceEnd;
    }

    public PixelGrid grid() {
        return grid;
    }

    /** The strict descendants of {@code c} that hold data of {@code type}, in tree order. */
    public static List<Container> members(Container c, Type type) {
        List<Container> out = new ArrayList<>();
        ArrayList<Container> todo = new ArrayList<>(c.children());
        java.util.Collections.reverse(todo);
        while (!todo.isEmpty()) {
            Container k = todo.remove(todo.size() - 1);
            if (k.table(type) != null) {
                out.add(k);
            }
            for (int i = k.children().size() - 1; i >= 0; i--) {
                todo.add(k.children().get(i));
            }
        }
        return out;
    }

    /** Replaces the content by the innermost-state counts of {@code members} for {@code type}. */
    public AggregateSampler states(Type type, List<Container> members) {
        clear();
        PixelSpread life = new PixelSpread(grid);
        InnermostSweep sweep = new InnermostSweep(grid, traceEnd, type.values().size(), buf);
        for (Container m : members) {
            if (m.table(type) instanceof StateTable t) {
                this.members++;
                life.add(m.start(), m.isOpen() || Double.isNaN(m.end()) ? traceEnd : m.end(), 1);
                sweep.sweep(t);
            }
        }
        double[] alive = life.sums();
        double[][] times = sweep.times();
        for (int p = 0; p < grid.width(); p++) {
            int first = value.size();
            for (int v = 0; v < times.length; v++) {
                if (times[v] != null && times[v][p] > 0) {
                    value.add(v);
                    number.add(times[v][p]);
                }
            }
            if (alive[p] > 0 || value.size() > first) {
                px.add(p);
                this.alive.add(alive[p]);
                cellFirst.add(first);
                cellCount.add(value.size() - first);
            }
        }
        return this;
    }

    /**
     * Replaces the content by the variables of {@code members}: per pixel, {@code sum} is the
     * time-average over the pixel of the sum of the members' values (a member not defined there adds
     * 0), {@code mean} the time-weighted mean over the members while defined (their integral divided
     * by their defined time).
     */
    public AggregateSampler variables(Type type, List<Container> members) {
        clear();
        PixelSpread integral = new PixelSpread(grid);
        PixelSpread defined = new PixelSpread(grid);
        for (Container m : members) {
            if (m.table(type) instanceof VariableTable t) {
                this.members++;
                Window.variables(t, grid.start(), grid.end(), buf, (s, e, v) -> {
                    e = Double.isNaN(e) ? traceEnd : e;
                    integral.add(s, e, v, defined, 1);
                });
            }
        }
        double[] in = integral.sums();
        double[] on = defined.sums();
        for (int p = 0; p < grid.width(); p++) {
            if (on[p] > 1e-12) {
                px.add(p);
                sum.add(in[p]);
                mean.add(in[p] / on[p]);
            }
        }
        return this;
    }

    private void clear() {
        members = 0;
        for (IntColumn c : new IntColumn[] {px, cellFirst, cellCount, value}) {
            c.clear();
        }
        for (DoubleColumn c : new DoubleColumn[] {alive, number, sum, mean}) {
            c.clear();
        }
    }

    /** Each member's states swept once in start order with a stack of the open ones; the top's time is spread per value. */
    private static final class InnermostSweep {
        private final PixelGrid grid;
        private final double traceEnd;
        private PixelSpread[] byValue;
        private int[] stackValue = new int[16];
        private double[] stackEnd = new double[16];
        private int depth;
        private double cursor;
        private final long[] buf;

        InnermostSweep(PixelGrid grid, double traceEnd, int values, long[] buf) {
            this.grid = grid;
            this.buf = buf;
            this.traceEnd = traceEnd;
            this.byValue = new PixelSpread[Math.max(1, values)];
        }

        void sweep(StateTable t) {
            depth = 0;
            cursor = Double.NEGATIVE_INFINITY;
            Window.states(t, grid.start(), grid.end(), buf, (s, e, value, level) -> {
                e = Double.isNaN(e) ? traceEnd : e;
                level = Math.max(0, level);
                while (depth > 0 && (depth > level || stackEnd[depth - 1] <= s)) {
                    pop();
                }
                if (depth > 0) {
                    spread(stackValue[depth - 1], cursor, s);
                }
                cursor = s;
                push(value, e);
            });
            while (depth > 0) {
                pop();
            }
        }

        private void push(int v, double end) {
            if (depth == stackValue.length) {
                stackValue = Arrays.copyOf(stackValue, depth * 2);
                stackEnd = Arrays.copyOf(stackEnd, depth * 2);
            }
            stackValue[depth] = v;
            stackEnd[depth] = end;
            depth++;
        }

        /** Closes the top state: its time since the cursor is its own; its parent resumes at its end. */
        private void pop() {
            depth--;
            double end = stackEnd[depth];
            spread(stackValue[depth], cursor, end);
            cursor = Math.max(cursor, end);
        }

        private void spread(int v, double a, double b) {
            if (v < 0 || !(b > a)) {
                return;
            }
            if (v >= byValue.length) {
                byValue = Arrays.copyOf(byValue, Math.max(v + 1, byValue.length * 2));
            }
            if (byValue[v] == null) {
                byValue[v] = new PixelSpread(grid);
            }
            byValue[v].add(a, b, 1);
        }

        double[][] times() {
            double[][] out = new double[byValue.length][];
            for (int v = 0; v < byValue.length; v++) {
                out[v] = byValue[v] == null ? null : byValue[v].sums();
            }
            return out;
        }
    }
}
