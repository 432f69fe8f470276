package dev.paje.store;

/**
 * The links of one link type held by one container (their common ancestor), 32 bytes each. A row
 * is created by whichever of start and end comes first; the other side is NaN / -1 until matched.
 */
public final class LinkTable extends EntityTable {
    private static final int START = 0;
    private static final int END = 1;
    private static final int VALUE_KEY = 2;
    private static final int FROM_TO = 3;

    public LinkTable() {
        this(new Rows(4));
    }

    LinkTable(Rows rows) {
        super(rows);
    }

    private static long pair(int high, int low) {
        return ((long) high << 32) | (low & 0xFFFFFFFFL);
    }

    /** Appends a half-known link and returns its row. */
    public int add(double startTime, double endTime, int valueIndex, int fromContainer, int toContainer, int keyName) {
        int r = rows.add();
        rows.setDouble(r, START, startTime);
        rows.setDouble(r, END, endTime);
        rows.set(r, VALUE_KEY, pair(valueIndex, keyName));
        rows.set(r, FROM_TO, pair(fromContainer, toContainer));
        return r;
    }

    /** Completes a row created by its end with its start side. */
    public void setStart(int row, double time, int fromContainer) {
        rows.setDouble(row, START, time);
        rows.set(row, FROM_TO, pair(fromContainer, to(row)));
    }

    /** Completes a row created by its start with its end side. */
    public void setEnd(int row, double time, int toContainer) {
        rows.setDouble(row, END, time);
        rows.set(row, FROM_TO, pair(from(row), toContainer));
    }

    private int completeCount = -1;
    private double maxDuration = Double.NaN;

    /**
     * Puts the rows in the order queries rely on: complete links by start time (stable), then the
     * incomplete ones. Called once, when the simulation ends.
     */
    public void sort() {
        int n = size();
        if (inOrder(n)) {
            return; // the usual case: rows are created by their starts, in time order
        }
        Integer[] boxed = new Integer[n];
        for (int i = 0; i < n; i++) {
            boxed[i] = i;
        }
        java.util.Arrays.sort(boxed, (a, b) -> {
            boolean ca = complete(a);
            boolean cb = complete(b);
            if (ca != cb) {
                return ca ? -1 : 1;
            }
            return ca ? Double.compare(start(a), start(b)) : 0;
        });
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = boxed[i];
        }
        Rows next = new Rows(rows.stride());
        for (int i = 0; i < n; i++) {
            int r = next.add();
            for (int f = 0; f < rows.stride(); f++) {
                next.set(r, f, rows.get(order[i], f));
            }
        }
        next.trim();
        rows = next;
        if (userOrNull() != null) {
            user(userOrNull().permute(order));
        }
    }

    /** True when complete links come first, by start time, then the incomplete ones. */
    private boolean inOrder(int n) {
        boolean incomplete = false;
        for (int i = 0; i < n; i++) {
            if (!complete(i)) {
                incomplete = true;
            } else if (incomplete || (i > 0 && start(i) < start(i - 1))) {
                return false;
            }
        }
        return true;
    }

    /** Number of complete links; after {@link #sort()} they are rows {@code [0, completeCount)}. */
    public int completeCount() {
        if (completeCount < 0) {
            int n = 0;
            while (n < size() && complete(n)) {
                n++;
            }
            completeCount = n;
        }
        return completeCount;
    }

    /** The longest duration of a complete link: how far back a window query must look. */
    public double maxDuration() {
        if (Double.isNaN(maxDuration)) {
            double max = 0;
            for (int i = 0, n = completeCount(); i < n; i++) {
                max = Math.max(max, end(i) - start(i));
            }
            maxDuration = max;
        }
        return maxDuration;
    }

    public double start(int row) {
        return rows.getDouble(row, START);
    }

    public double end(int row) {
        return rows.getDouble(row, END);
    }

    public int value(int row) {
        return (int) (rows.get(row, VALUE_KEY) >>> 32);
    }

    /** Id of the container the link starts from, or -1 while unmatched. */
    public int from(int row) {
        return (int) (rows.get(row, FROM_TO) >>> 32);
    }

    /** Id of the container the link ends at, or -1 while unmatched. */
    public int to(int row) {
        return (int) rows.get(row, FROM_TO);
    }

    /** Interned name id of the link's key. */
    public int key(int row) {
        return (int) rows.get(row, VALUE_KEY);
    }

    /** True when both ends are known. */
    public boolean complete(int row) {
        return from(row) >= 0 && to(row) >= 0;
    }
}
