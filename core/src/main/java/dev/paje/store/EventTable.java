package dev.paje.store;

/** The point events of one event type in one container, in file order: 16 bytes per event. */
public final class EventTable {
    final Rows rows;
    private UserColumns user;

    public EventTable() {
        this(new Rows(2));
    }

    EventTable(Rows rows) {
        this.rows = rows;
    }

    public int add(double t, int valueIndex) {
        int r = rows.add();
        rows.setDouble(r, 0, t);
        rows.set(r, 1, valueIndex);
        return r;
    }

    /** Releases the spare capacity (after loading). */
    public void trim() {
        rows.trim();
    }

    public int size() {
        return rows.size();
    }

    public double time(int row) {
        return rows.getDouble(row, 0);
    }

    public int value(int row) {
        return (int) rows.get(row, 1);
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
