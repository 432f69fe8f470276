package dev.paje.store;

/**
 * A variable of one container as a step function: one row per interval of constant value, in
 * time order. The last interval's end is NaN while the variable is still open. 24 bytes per step.
 */
public final class VariableTable {
    final DoubleColumn start;
    final DoubleColumn end;
    final DoubleColumn value;
    private UserColumns user;

    public VariableTable() {
        this(new DoubleColumn(), new DoubleColumn(), new DoubleColumn());
    }

    VariableTable(DoubleColumn start, DoubleColumn end, DoubleColumn value) {
        this.start = start;
        this.end = end;
        this.value = value;
    }

    /**
     * Starts a new interval at {@code time} with {@code v}, closing the previous one there. A change
     * at the very time the open interval started replaces its value: no zero-length steps.
     */
    public int step(double time, double v) {
        int last = start.size() - 1;
        if (last >= 0 && Double.isNaN(end.get(last))) {
            if (start.get(last) == time) {
                value.set(last, v);
                return last;
            }
            end.set(last, time);
        }
        start.add(time);
        end.add(Double.NaN);
        return value.add(v);
    }

    /** Closes the open interval, if any, at {@code time}. */
    public void close(double time) {
        int last = start.size() - 1;
        if (last >= 0 && Double.isNaN(end.get(last))) {
            end.set(last, time);
        }
    }

    /** The current value: that of the last interval (0 before any). */
    public double current() {
        int n = value.size();
        return n == 0 ? 0 : value.get(n - 1);
    }

    /** Releases the spare capacity of the columns (after loading). */
    public void trim() {
        start.trim();
        end.trim();
        value.trim();
    }

    public int size() {
        return start.size();
    }

    public double start(int row) {
        return start.get(row);
    }

    public double end(int row) {
        return end.get(row);
    }

    public double value(int row) {
        return value.get(row);
    }

    public UserColumns user() {
        if (user == null) {
            user = new UserColumns();
        }
        return user;
    }

    public UserColumns userOrNull() {
        return user;
    }

    void user(UserColumns u) {
        user = u;
    }
}
