package dev.paje.store;

/**
 * A variable of one container as a step function: one row per interval of constant value, in
 * time order, 24 bytes each. The last interval's end is NaN while the variable is still open.
 */
public final class VariableTable extends EntityTable {
    static final int STRIDE = 3;
    private static final int START = 0;
    private static final int END = 1;
    private static final int VALUE = 2;

    public VariableTable() {
        this(new Rows(STRIDE));
    }

    VariableTable(Rows rows) {
        super(rows);
    }

    /** The multi-resolution summary of the steps (built when the store is sealed), or null. */
    public VariableSummary summary() {
        return (VariableSummary) pyramid;
    }

    /**
     * Starts a new interval at {@code time} with {@code v}, closing the previous one there. A change
     * at the very time the open interval started replaces its value: no zero-length steps.
     */
    public int step(double time, double v) {
        int last = rows.size() - 1;
        if (last >= 0 && Double.isNaN(rows.getDouble(last, END))) {
            if (rows.getDouble(last, START) == time) {
                rows.setDouble(last, VALUE, v);
                return last;
            }
            rows.setDouble(last, END, time);
        }
        int r = rows.add();
        rows.setDouble(r, START, time);
        rows.setDouble(r, END, Double.NaN);
        rows.setDouble(r, VALUE, v);
        return r;
    }

    /** Closes the open interval, if any, at {@code time}. */
    public void close(double time) {
        int last = rows.size() - 1;
        if (last >= 0 && Double.isNaN(rows.getDouble(last, END))) {
            rows.setDouble(last, END, time);
        }
    }

    /** The current value: that of the last interval (0 before any). */
    public double current() {
        int n = rows.size();
        return n == 0 ? 0 : rows.getDouble(n - 1, VALUE);
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
        if (pyramid != null) {
            return summary().range();
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
