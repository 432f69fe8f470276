package dev.paje.store;

/** The point events of one event type in one container, in file order: 16 bytes per event. */
public final class EventTable extends EntityTable {
    /** Longs per row: time bits, value (as {@link #copy} copies them). */
    public static final int STRIDE = 2;

    public EventTable() {
        this(new Rows(STRIDE));
    }

    EventTable(Rows rows) {
        super(rows);
    }

    /** The multi-resolution summary of the events (built while the store is written), or null. */
    public EventSummary summary() {
        return (EventSummary) pyramid();
    }

    /** Time of the last row {@link #add} appended (NaN: none yet, or the rows were read back). */
    private double lastAdded = Double.NaN;

    /** Counts {@code n} more events, the last at {@code lastTime}, without writing them ({@link #countDropped}). */
    public void countDropped(int n, double lastTime) {
        countDropped(n);
        lastAdded = lastTime;
    }

    public int add(double t, int valueIndex) {
        int r = rows.add(Double.doubleToRawLongBits(t), valueIndex);
        lastAdded = t;
        if (live != null) {
            ((LiveEvents) live).added(this, r, t);
        }
        return r;
    }

    /**
     * Time of the last event, or -infinity when there is none: the writer's check that events come in
     * time order, without reading the row back from its block (events are rare: their block is cold).
     */
    public double lastTime() {
        double t = lastAdded;
        if (t == t) {
            return t;
        }
        int n = size();
        return n == 0 ? Double.NEGATIVE_INFINITY : time(n - 1);
    }


    public double time(int row) {
        return rows.getDouble(row, 0);
    }

    public int value(int row) {
        return (int) rows.get(row, 1);
    }
}
