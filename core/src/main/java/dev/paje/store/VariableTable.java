package dev.paje.store;

/**
 * A variable of one container as a step function: one row per interval of constant value, in
 * time order, 24 bytes each. The last interval's end is NaN while the variable is still open.
 */
public final class VariableTable extends EntityTable {
    /** Longs per row as {@link #copy} copies them: start, end and value bits ({@link #start(long[], int)}...). */
    public static final int STRIDE = 3;
    private static final int START = 0;
    private static final int END = 1;
    private static final int VALUE = 2;

    public VariableTable() {
        this(new Rows(STRIDE));
    }

    VariableTable(Rows rows) {
        super(rows);
    }

    /** The multi-resolution summary of the steps (built while the store is written), or null. */
    public VariableSummary summary() {
        return (VariableSummary) pyramid();
    }

    /** Where the closed steps go while written, when the table could be on the first screen ({@link VariableLiveCoarse}), or null. */
    VariableLiveCoarse.Acc coarseFeed;
    /** The summary's coarse levels written at seal from the load ({@link VariableLiveCoarse}) while the rest is built, or null. */
    volatile VariableSummary coarse;

    /**
     * {@link #summary()} for a view whose pixels are {@code pixel} seconds wide: while a progressive seal has not written
     * the summary yet, its coarse levels written from the load when one of them is at most a pixel wide (the level such
     * a view reads is then one of those, the same rows as after the build: they are the summary's), else waits for it
     * (as {@link Container#aggregate(Type, double)}).
     */
    public VariableSummary summary(double pixel) {
        VariableSummary early = coarse;
        if (early != null && pending != null && early.levelFor(pixel, early.traceEnd(), size()) >= 0) {
            return early;
        }
        return summary();
    }

    /**
     * The last row as {@link #step} and {@link #close} left it, so that the writer does not read it
     * back from its block: its index ({@code -1}: not known, e.g. rows read back from a store), start,
     * value and whether it is still open.
     */
    private int tail = -1;
    private double tailStart;
    private double tailValue;
    private boolean tailOpen;

    /** Makes the {@code tail} fields describe row {@code last} (the last one). */
    private void tail(int last) {
        if (tail != last) {
            tail = last;
            tailStart = rows.getDouble(last, START);
            tailValue = rows.getDouble(last, VALUE);
            tailOpen = Double.isNaN(rows.getDouble(last, END));
        }
    }

    /**
     * Starts a new interval at {@code time} with {@code v}, closing the previous one there. A change
     * at the very time the open interval started replaces its value: no zero-length steps.
     */
    public int step(double time, double v) {
        int last = rows.size() - 1;
        if (last >= 0) {
            tail(last);
            if (tailOpen) {
                if (tailStart == time) {
                    rows.setDouble(last, VALUE, v);
                    tailValue = v;
                    return last;
                }
                rows.setDouble(last, END, time);
                summarize(last, time);
            }
        }
        int r = rows.add(Double.doubleToRawLongBits(time), StateTable.OPEN, Double.doubleToRawLongBits(v));
        tail = r;
        tailStart = time;
        tailValue = v;
        tailOpen = true;
        return r;
    }

    /** Row {@code last} (the tail) ended at {@code time}: tells the summary being built, if any. */
    private void summarize(int last, double time) {
        if (live != null) {
            ((LiveVariable) live).closed(this, last, tailStart, time, Double.doubleToRawLongBits(tailValue));
        }
        if (aggregateFeed != null) {
            aggregateFeed.stepped(tailStart, time, tailValue);
        }
        if (coarseFeed != null) {
            coarseFeed.step(last, tailStart, time, tailValue, Double.doubleToRawLongBits(tailValue));
        }
    }

    /** Closes the open interval, if any, at {@code time}. */
    /**
     * Counts the steps of a run of changes summarized in bulk, without writing them ({@link #countDropped}): {@code steps}
     * changes at distinct times from {@code firstTime} to {@code lastStart}, the last value {@code current}. A first change
     * at the time of the open last interval replaces its value, as {@link #step} does.
     */
    public void countDropped(int steps, double firstTime, double lastStart, double current) {
        int last = rows.size() - 1;
        int rows = steps;
        if (last >= 0) {
            tail(last);
            if (tailOpen && tailStart == firstTime) {
                rows--;
            }
        }
        countDropped(rows);
        tail = this.rows.size() - 1;
        tailStart = lastStart;
        tailValue = current;
        tailOpen = true;
    }

    public void close(double time) {
        int last = rows.size() - 1;
        if (last >= 0) {
            tail(last);
            if (tailOpen) {
                rows.setDouble(last, END, time);
                tailOpen = false;
                summarize(last, time);
            }
        }
    }

    /** The current value: that of the last interval (0 before any). */
    public double current() {
        int n = rows.size();
        if (n == 0) {
            return 0;
        }
        tail(n - 1);
        return tailValue;
    }

    /** Start of the last interval, or -infinity before any. */
    public double lastStart() {
        int n = rows.size();
        if (n == 0) {
            return Double.NEGATIVE_INFINITY;
        }
        tail(n - 1);
        return tailStart;
    }

    /** Row {@code j}'s start among rows {@link #copy} copied into {@code rows}. */
    public static double start(long[] rows, int j) {
        return Double.longBitsToDouble(rows[j * STRIDE + START]);
    }

    public static double end(long[] rows, int j) {
        return Double.longBitsToDouble(rows[j * STRIDE + END]);
    }

    public static double value(long[] rows, int j) {
        return Double.longBitsToDouble(rows[j * STRIDE + VALUE]);
    }

    public double start(int row) {
        return rows.getDouble(row, START);
    }

    public double end(int row) {
        return rows.getDouble(row, END);
    }

    public double value(int row) {
        return rows.getDouble(row, VALUE);
    }

    /**
     * {min, max} of the values over the whole table (a variable's scale, the same at any zoom): from
     * the summary's coarsest level when there is one (a zoomed-out first paint of a big trace read
     * every block of every variable for this), else one scan.
     */
    public double[] range() {
        VariableSummary early = coarse;
        // its coarsest level is the summary's (it holds every kept level from its own up)
        VariableSummary summary = early != null && pending != null ? early : summary();
        if (summary != null) {
            return summary.range();
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0, n = size(); i < n; i++) {
            double x = value(i);
            min = Math.min(min, x);
            max = Math.max(max, x);
        }
        return new double[] {min, max};
    }
}
