package dev.paje.store;

/**
 * The states of one state type in one container, in order of start time: 24 bytes per state
 * (start, end, value and nesting level packed). A state's end is NaN while it is open. Nesting
 * level 0 is the outermost state.
 */
public final class StateTable extends EntityTable {
    /** Longs per row as {@link #copy} copies them: start and end bits, value and level ({@link #start(long[], int)}...). */
    public static final int STRIDE = 3;
    private static final int START = 0;
    private static final int END = 1;
    private static final int VALUE_LEVEL = 2;
    /** The end of an open state: NaN, as {@link Rows#setDouble} writes it. */
    static final long OPEN = Double.doubleToRawLongBits(Double.NaN);

    public StateTable() {
        this(new Rows(STRIDE));
    }

    StateTable(Rows rows) {
        super(rows);
    }

    /** The multi-resolution summary of the rows (built while the store is written), or null. */
    public StateSummary summary() {
        return (StateSummary) pyramid();
    }

    /** Appends an open state and returns its row. */
    public int open(double time, int valueIndex, int nesting) {
        long valueLevel = ((long) valueIndex << 32) | (nesting & 0xFFFFFFFFL);
        int r = rows.add(Double.doubleToRawLongBits(time), OPEN, valueLevel);
        if (live != null) {
            ((LiveStates) live).open(this, r, time, valueLevel);
        }
        if (aggregateFeed != null) {
            aggregateFeed.opened(r, time, valueIndex, nesting);
        }
        return r;
    }

    public void close(int row, double time) {
        rows.setDouble(row, END, time);
        if (live != null) {
            ((LiveStates) live).close(row, time);
        }
        if (aggregateFeed != null) {
            aggregateFeed.closed(row, time);
        }
    }

    /** Row {@code j}'s start among rows {@link #copy} copied into {@code rows}. */
    public static double start(long[] rows, int j) {
        return Double.longBitsToDouble(rows[j * STRIDE + START]);
    }

    public static double end(long[] rows, int j) {
        return Double.longBitsToDouble(rows[j * STRIDE + END]);
    }

    public static int value(long[] rows, int j) {
        return (int) (rows[j * STRIDE + VALUE_LEVEL] >>> 32);
    }

    public static int level(long[] rows, int j) {
        return (int) rows[j * STRIDE + VALUE_LEVEL];
    }

    public double start(int row) {
        return rows.getDouble(row, START);
    }

    public double end(int row) {
        return rows.getDouble(row, END);
    }

    public int value(int row) {
        return (int) (rows.get(row, VALUE_LEVEL) >>> 32);
    }

    public int level(int row) {
        return (int) rows.get(row, VALUE_LEVEL);
    }
}
