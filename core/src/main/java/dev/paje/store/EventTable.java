package dev.paje.store;

/** The point events of one event type in one container, in columns, in file order. 12 bytes per event. */
public final class EventTable {
    final DoubleColumn time;
    final IntColumn value;
    private UserColumns user;

    public EventTable() {
        this(new DoubleColumn(), new IntColumn());
    }

    EventTable(DoubleColumn time, IntColumn value) {
        this.time = time;
        this.value = value;
    }

    public int add(double t, int valueIndex) {
        time.add(t);
        return value.add(valueIndex);
    }

    /** Releases the spare capacity of the columns (after loading). */
    public void trim() {
        time.trim();
        value.trim();
    }

    public int size() {
        return time.size();
    }

    public double time(int row) {
        return time.get(row);
    }

    public int value(int row) {
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
