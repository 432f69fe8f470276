package dev.paje.store;

/**
 * The links of one link type held by one container (their common ancestor). A row is created by
 * whichever of start and end comes first; the other side is NaN / -1 until matched. 32 bytes per link.
 */
public final class LinkTable {
    final DoubleColumn start;
    final DoubleColumn end;
    final IntColumn value;
    final IntColumn from;
    final IntColumn to;
    final IntColumn key;
    private UserColumns user;

    public LinkTable() {
        this(new DoubleColumn(), new DoubleColumn(), new IntColumn(), new IntColumn(), new IntColumn(), new IntColumn());
    }

    LinkTable(DoubleColumn start, DoubleColumn end, IntColumn value, IntColumn from, IntColumn to, IntColumn key) {
        this.start = start;
        this.end = end;
        this.value = value;
        this.from = from;
        this.to = to;
        this.key = key;
    }

    /** Appends a half-known link and returns its row. */
    public int add(double startTime, double endTime, int valueIndex, int fromContainer, int toContainer, int keyName) {
        start.add(startTime);
        end.add(endTime);
        value.add(valueIndex);
        from.add(fromContainer);
        to.add(toContainer);
        return key.add(keyName);
    }

    /** Completes a row created by its end with its start side. */
    public void setStart(int row, double time, int fromContainer) {
        start.set(row, time);
        from.set(row, fromContainer);
    }

    /** Completes a row created by its start with its end side. */
    public void setEnd(int row, double time, int toContainer) {
        end.set(row, time);
        to.set(row, toContainer);
    }

    /** Releases the spare capacity of the columns (after loading). */
    public void trim() {
        start.trim();
        end.trim();
        value.trim();
        from.trim();
        to.trim();
        key.trim();
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

    /** Id of the container the link starts from, or -1 while unmatched. */
    public int from(int row) {
        return from.get(row);
    }

    /** Id of the container the link ends at, or -1 while unmatched. */
    public int to(int row) {
        return to.get(row);
    }

    /** Interned name id of the link's key. */
    public int key(int row) {
        return key.get(row);
    }

    /** True when both ends are known. */
    public boolean complete(int row) {
        return from.get(row) >= 0 && to.get(row) >= 0;
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
