package dev.paje.store;

/** The point events of one event type in one container, in file order: 16 bytes per event. */
public final class EventTable extends EntityTable {
    static final int STRIDE = 2;

    public EventTable() {
        this(new Rows(STRIDE));
    }

    EventTable(Rows rows) {
        super(rows);
    }

    /** The multi-resolution summary of the events (built when the store is sealed), or null. */
    public EventSummary summary() {
        return (EventSummary) pyramid;
    }

    public int add(double t, int valueIndex) {
        int r = rows.add();
        rows.setDouble(r, 0, t);
        rows.set(r, 1, valueIndex);
        return r;
    }

    public double time(int row) {
        return rows.getDouble(row, 0);
    }

    public int value(int row) {
        return (int) rows.get(row, 1);
    }
}
