package dev.paje.query;

import dev.paje.store.AggregateSummary;
import dev.paje.store.Container;
import dev.paje.store.EntityTable;
import dev.paje.store.InnermostStack;
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
 * From the rows ({@link #states(Type, List)}): O(entities of the members in the window + values × pixels), intervals
 * spread by {@link PixelSpread}, each member's table found by {@link Window}'s binary search. Zoomed out, from the
 * container's precomputed aggregate ({@link #states(Type, Container, List)}, {@link AggregateSummary}): O(buckets ×
 * values in the window), equal to the rows' within rounding and one bucket's worth of time per pixel edge.
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

    /** Replaces the content by the innermost-state counts of {@code members} for {@code type}, sweeping their rows. */
    public AggregateSampler states(Type type, List<Container> members) {
        clear();
        double[] alive = alive(type, members);
        InnermostSweep sweep = new InnermostSweep(grid, traceEnd, type.values().size(), buf);
        for (Container m : members) {
            if (m.table(type) instanceof StateTable t) {
                sweep.sweep(t);
            }
        }
        return cells(alive, sweep.times());
    }

    /**
     * {@link #states(Type, List)} for {@code members} = {@link #members}{@code (c, type)}, read from {@code c}'s
     * precomputed aggregate ({@link AggregateSummary}) when a pixel spans at least one of its buckets (the coarsest
     * such level), else swept from the rows. From the aggregate, the numbers equal the rows' within float rounding
     * where pixel edges fall on bucket edges; elsewhere a bucket's time is split between the pixels it straddles in
     * proportion to its overlap, so at most one bucket's worth of member-time moves across each pixel edge (and the
     * window's edges). {@code alive} is exact either way (the members' lifetimes).
     */
    public AggregateSampler states(Type type, Container c, List<Container> members) {
        AggregateSummary agg = grid.pixel() > 0 ? c.aggregate(type, grid.pixel()) : null;
        int k = agg == null ? -1 : agg.levelFor(grid.pixel(), traceEnd);
        if (k < 0) {
            return states(type, members);
        }
        clear();
        double[] alive = alive(type, members);
        InnermostSweep sweep = new InnermostSweep(grid, traceEnd, type.values().size(), buf);
        buckets(agg, k, (a, b, j) -> {
            double time = AggregateSummary.stateTime(buf, j);
            sweep.spread(AggregateSummary.stateValue(buf, j)).add(a, b, time / (b - a));
        });
        return cells(alive, sweep.times());
    }

    /** The members' lifetimes per pixel (mean number alive); counts the members holding a state table of {@code type}. */
    private double[] alive(Type type, List<Container> members) {
        PixelSpread life = new PixelSpread(grid);
        for (Container m : members) {
            if (m.table(type) instanceof StateTable) {
                this.members++;
                life.add(m.start(), m.isOpen() || Double.isNaN(m.end()) ? traceEnd : m.end(), 1);
            }
        }
        return life.sums();
    }

    /** Receives one aggregate row copied into {@code buf} (at {@code j}) and the part of the trace its bucket covers. */
    private interface BucketRow {
        void accept(double from, double to, int j);
    }

    /** Each row of level {@code k} of {@code agg} whose bucket touches the window, its bucket clipped to the trace. */
    private void buckets(AggregateSummary agg, int k, BucketRow rows) {
        int from = agg.firstEntry(k, agg.bucketOf(k, grid.start()));
        int to = agg.firstEntry(k, agg.bucketOf(k, grid.end()) + 1);
        agg.readAhead(k, from, to);
        for (int i = from; i < to; ) {
            int m = agg.copyEntries(k, i, to - i, buf);
            for (int j = 0; j < m; j++) {
                double a = agg.bucketStart(k, agg.bucket(buf, j));
                // a bucket's time lies within the trace: the first and last buckets spread over their part of it
                double lo = Math.max(a, agg.origin());
                double hi = Math.min(a + agg.width(k), traceEnd);
                if (hi > lo) {
                    rows.accept(lo, hi, j);
                }
            }
            i += m;
        }
    }

    /** Fills the cells from the members alive and the time per value (in pixel units) of each pixel. */
    private AggregateSampler cells(double[] alive, double[][] times) {
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
        return variableCells(integral.sums(), defined.sums());
    }

    /**
     * {@link #variables(Type, List)} for {@code members} = {@link #members}{@code (c, type)}, from {@code c}'s
     * precomputed aggregate when a pixel spans at least one of its buckets (as {@link #states(Type, Container, List)}:
     * a bucket's integral and defined time split between the pixels it straddles), else from the rows.
     */
    public AggregateSampler variables(Type type, Container c, List<Container> members) {
        AggregateSummary agg = grid.pixel() > 0 ? c.aggregate(type, grid.pixel()) : null;
        int k = agg == null ? -1 : agg.levelFor(grid.pixel(), traceEnd);
        if (k < 0) {
            return variables(type, members);
        }
        clear();
        for (Container m : members) {
            if (m.table(type) instanceof VariableTable) {
                this.members++;
            }
        }
        PixelSpread integral = new PixelSpread(grid);
        PixelSpread defined = new PixelSpread(grid);
        buckets(agg, k, (a, b, j) -> integral.add(a, b, AggregateSummary.integral(buf, j) / (b - a), defined,
                AggregateSummary.defined(buf, j) / (b - a)));
        return variableCells(integral.sums(), defined.sums());
    }

    private AggregateSampler variableCells(double[] in, double[] on) {
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

    /** Each member's states swept once in start order ({@link InnermostStack}); the top's time is spread per value. */
    private static final class InnermostSweep implements InnermostStack.Sink {
        private final PixelGrid grid;
        private final InnermostStack stack;
        private PixelSpread[] byValue;
        private final long[] buf;

        InnermostSweep(PixelGrid grid, double traceEnd, int values, long[] buf) {
            this.grid = grid;
            this.buf = buf;
            this.stack = new InnermostStack(traceEnd, this);
            this.byValue = new PixelSpread[Math.max(1, values)];
        }

        void sweep(StateTable t) {
            Window.states(t, grid.start(), grid.end(), buf, stack::state);
            stack.finish();
        }

        @Override
        public void add(int v, double a, double b) {
            if (v < 0 || !(b > a)) {
                return;
            }
            spread(v).add(a, b, 1);
        }

        PixelSpread spread(int v) {
            if (v >= byValue.length) {
                byValue = Arrays.copyOf(byValue, Math.max(v + 1, byValue.length * 2));
            }
            if (byValue[v] == null) {
                byValue[v] = new PixelSpread(grid);
            }
            return byValue[v];
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
