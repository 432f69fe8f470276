package dev.paje.store;

import java.util.Arrays;

/**
 * The links of one link type held by one container (their common ancestor). A row is created by
 * whichever of start and end comes first; the other side is NaN / -1 until matched.
 */
public final class LinkTable {
    private double[] start = new double[8];
    private double[] end = new double[8];
    private int[] value = new int[8];
    private int[] from = new int[8];
    private int[] to = new int[8];
    private int[] key = new int[8];
    private int size;
    private UserColumns user;

    /** Appends a half-known link and returns its row. */
    public int add(double startTime, double endTime, int valueIndex, int fromContainer, int toContainer, int keyName) {
        if (size == start.length) {
            int n = size * 2;
            start = Arrays.copyOf(start, n);
            end = Arrays.copyOf(end, n);
            value = Arrays.copyOf(value, n);
            from = Arrays.copyOf(from, n);
            to = Arrays.copyOf(to, n);
            key = Arrays.copyOf(key, n);
        }
        start[size] = startTime;
        end[size] = endTime;
        value[size] = valueIndex;
        from[size] = fromContainer;
        to[size] = toContainer;
        key[size] = keyName;
        return size++;
    }

    /** Completes a row created by its end with its start side. */
    public void setStart(int row, double time, int fromContainer) {
        start[row] = time;
        from[row] = fromContainer;
    }

    /** Completes a row created by its start with its end side. */
    public void setEnd(int row, double time, int toContainer) {
        end[row] = time;
        to[row] = toContainer;
    }

    /** Releases the spare capacity of the columns (after loading). */
    public void trim() {
        start = Arrays.copyOf(start, size);
        end = Arrays.copyOf(end, size);
        value = Arrays.copyOf(value, size);
        from = Arrays.copyOf(from, size);
        to = Arrays.copyOf(to, size);
        key = Arrays.copyOf(key, size);
    }

    public int size() {
        return size;
    }

    public double start(int row) {
        return start[row];
    }

    public double end(int row) {
        return end[row];
    }

    public int value(int row) {
        return value[row];
    }

    /** Id of the container the link starts from, or -1 while unmatched. */
    public int from(int row) {
        return from[row];
    }

    /** Id of the container the link ends at, or -1 while unmatched. */
    public int to(int row) {
        return to[row];
    }

    /** Interned name id of the link's key. */
    public int key(int row) {
        return key[row];
    }

    /** True when both ends are known. */
    public boolean complete(int row) {
        return from[row] >= 0 && to[row] >= 0;
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
}
