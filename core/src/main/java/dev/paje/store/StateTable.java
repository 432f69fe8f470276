package dev.paje.store;

/**
 * The states of one state type in one container, in columns, in order of start time. A state's
 * end is NaN while it is open. Nesting level 0 is the outermost state. 22 bytes per state.
 */
public final class StateTable {
    final DoubleColumn start;
    final DoubleColumn end;
    final IntColumn value;
    final ShortColumn level;
    private UserColumns user;

    public StateTable() {
        this(new DoubleColumn(), new DoubleColumn(), new IntColumn(), new ShortColumn());
    }

    StateTable(DoubleColumn start, DoubleColumn end, IntColumn value, ShortColumn level) {
        this.start = start;
        this.end = end;
        this.value = value;
        this.level = level;
    }

    /** Appends an open state and returns its row. */
    public int open(double time, int valueIndex, int nesting) {
        start.add(time);
        end.add(Double.NaN);
        value.add(valueIndex);
        return level.add((short) nesting);
    }

    public void close(int row, double time) {
        end.set(row, time);
    }

    /** Releases the spare capacity of the columns (after loading). */
    public void trim() {
        start.trim();
        end.trim();
        value.trim();
        level.trim();
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

    public int value(int row) {
        return value.get(row);
    }

    public int level(int row) {
        return level.get(row);
    }

    /** User fields of the rows, created on first use. */
    public UserColumns user() {
        if (user == null) {
            user = new UserColumns();
        }
        return user;
    }

    /** User fields, or null when no row has any. */
    public UserColumns userOrNull() {
        return user;
    }

    void user(UserColumns u) {
        user = u;
    }
}
