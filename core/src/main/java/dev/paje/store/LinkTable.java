package dev.paje.store;

/**
 * The links of one link type held by one container (their common ancestor), 32 bytes each. A row
 * is created by whichever of start and end comes first; the other side is NaN / -1 until matched.
 * Keys are in the store's {@link KeyLog}, the row holds a reference to them.
 */
public final class LinkTable extends EntityTable {
    static final int STRIDE = 4;
    private static final int START = 0;
    private static final int END = 1;
    private static final int VALUE = 2;
    private static final int FROM_TO = 3;
    /** In {@link #keyRefs}: the key's reference and the link's completion rank (-1 until complete). */
    private static final int KEY_REF = 0;
    private static final int RANK = 1;
    private final KeyLog keys;
    /**
     * Per row, the key reference and the completion rank (beside the rows: read only for output).
     * The rank is the order in which links became complete: PajeNG lists a container's links in that
     * order, so pj_dump's output follows it.
     */
    Rows keyRefs;

    /** A link table on the heap, with its own key log. */
    public LinkTable() {
        this(new Rows(STRIDE), new KeyLog());
    }

    LinkTable(Rows rows, KeyLog keys) {
        super(rows);
        this.keys = keys;
        this.keyRefs = rows.sibling(2);
    }

    LinkTable(Rows rows, KeyLog keys, Rows keyRefs) {
        super(rows);
        this.keys = keys;
        this.keyRefs = keyRefs;
    }

    private static long pair(int high, int low) {
        return ((long) high << 32) | (low & 0xFFFFFFFFL);
    }

    /** Appends a half-known link with key {@code key[from, to)} and returns its row. */
    public int add(double startTime, double endTime, int valueIndex, int fromContainer, int toContainer,
            byte[] key, int from, int to) {
        return add(startTime, endTime, valueIndex, fromContainer, toContainer, keys.append(key, from, to));
    }

    /** Appends a half-known link with key {@code key} and returns its row. */
    public int add(double startTime, double endTime, int valueIndex, int fromContainer, int toContainer, String key) {
        return add(startTime, endTime, valueIndex, fromContainer, toContainer, keys.append(key));
    }

    private int add(double startTime, double endTime, int valueIndex, int fromContainer, int toContainer, long keyRef) {
        // each row written whole at once (fields START, END, VALUE, FROM_TO; KEY_REF, RANK): one block lookup,
        // no zeroing first
        int r = rows.add(Double.doubleToRawLongBits(startTime), Double.doubleToRawLongBits(endTime), valueIndex,
                pair(fromContainer, toContainer));
        if (startTime >= lastAddedStart) { // false for NaN: a row created by its end gets its start later
            lastAddedStart = startTime;
        } else {
            createdInOrder = false;
        }
        keyRefs.add(keyRef, -1);
        if (fromContainer >= 0 && toContainer >= 0) {
            completed(r, startTime, endTime);
        }
        return r;
    }

    /**
     * Completes a half-known row with both sides (the caller knows the half it created): the row is
     * written, never read back, so its block need not be in memory for a read. A row created by its
     * start keeps it ({@code startTime} is the time it was added with).
     */
    public void complete(int row, double startTime, double endTime, int fromContainer, int toContainer) {
        rows.setDouble(row, START, startTime);
        rows.setDouble(row, END, endTime);
        rows.set(row, FROM_TO, pair(fromContainer, toContainer));
        completed(row, startTime, endTime);
    }

    /** Counts a link that became complete: the bounds views need, without a scan when they open. */
    private void completed(int row, double start, double end) {
        keyRefs.set(row, RANK, completeCount);
        completeCount++;
        maxDuration = Math.max(maxDuration, end - start);
    }

    /** The bounds of a table read back from a store. */
    void restoreBounds(int complete, double longest) {
        completeCount = complete;
        maxDuration = longest;
    }

    private int completeCount;
    private double maxDuration;
    /**
     * True while every row was added with its start, in start order: then, once every link is complete, the rows
     * are in {@link #sort}'s order without reading them back (on a big trace most link blocks are on disk by then).
     */
    private boolean createdInOrder = true;
    private double lastAddedStart = Double.NEGATIVE_INFINITY;

    /**
     * Puts the rows in the order queries rely on: complete links by start time (stable), then the
     * incomplete ones. Called once, when the simulation ends. Usually a check: rows are created by
     * their starts, in time order; otherwise the rows are copied in order into new rows.
     */
    public void sort() {
        if (rows.drops()) {
            return; // nothing kept, nothing to order
        }
        int n = size();
        if (createdInOrder && completeCount == n) {
            assert inOrder(n) : "rows added by their starts in start order and all complete, yet out of order";
            return;
        }
        if (inOrder(n)) {
            return;
        }
        // (start bits, row) pairs sorted as longs: starts are ordered as their bit patterns after a flip
        long[] starts = new long[n];
        int[] order = new int[n];
        int complete = 0;
        for (int i = 0; i < n; i++) {
            if (complete(i)) {
                complete++;
            }
        }
        int c = 0;
        int inc = complete;
        for (int i = 0; i < n; i++) {
            if (complete(i)) {
                order[c] = i;
                starts[c++] = orderedBits(start(i));
            } else {
                order[inc++] = i;
            }
        }
        sortByKey(starts, order, complete);
        Rows next = rows.sibling(rows.stride());
        Rows nextKeys = rows.sibling(2);
        for (int i = 0; i < n; i++) {
            int r = next.add();
            for (int f = 0; f < rows.stride(); f++) {
                next.set(r, f, rows.get(order[i], f));
            }
            nextKeys.add();
            nextKeys.set(r, KEY_REF, keyRefs.get(order[i], KEY_REF));
            nextKeys.set(r, RANK, keyRefs.get(order[i], RANK));
        }
        next.trim();
        rows = next;
        keyRefs = nextKeys;
        if (userOrNull() != null) {
            user(userOrNull().permute(order));
        }
    }

    /** A long whose signed order is the order of {@code d} (not NaN). */
    private static long orderedBits(double d) {
        long b = Double.doubleToRawLongBits(d == 0 ? 0.0 : d);
        return b < 0 ? b ^ Long.MAX_VALUE : b;
    }

    /** Sorts {@code order[0, n)} by {@code keys}, stably (merge sort on index pairs). */
    private static void sortByKey(long[] keys, int[] order, int n) {
        long[] k2 = new long[n];
        int[] o2 = new int[n];
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int a = lo;
                int b = mid;
                for (int k = lo; k < hi; k++) {
                    if (a < mid && (b >= hi || keys[a] <= keys[b])) {
                        k2[k] = keys[a];
                        o2[k] = order[a++];
                    } else {
                        k2[k] = keys[b];
                        o2[k] = order[b++];
                    }
                }
            }
            System.arraycopy(k2, 0, keys, 0, n);
            System.arraycopy(o2, 0, order, 0, n);
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
        return completeCount;
    }

    /** The longest duration of a complete link: how far back a window query must look. */
    public double maxDuration() {
        return maxDuration;
    }

    public double start(int row) {
        return rows.getDouble(row, START);
    }

    public double end(int row) {
        return rows.getDouble(row, END);
    }

    public int value(int row) {
        return (int) rows.get(row, VALUE);
    }

    /** Id of the container the link starts from, or -1 while unmatched. */
    public int from(int row) {
        return (int) (rows.get(row, FROM_TO) >>> 32);
    }

    /** Id of the container the link ends at, or -1 while unmatched. */
    public int to(int row) {
        return (int) rows.get(row, FROM_TO);
    }

    /** The link's key. */
    public String key(int row) {
        return keys.text(keyRefs.get(row, KEY_REF));
    }

    /** The order in which the link became complete among the table's links (0 first), or -1 while incomplete. */
    public int completionRank(int row) {
        return (int) keyRefs.get(row, RANK);
    }

    /**
     * The complete links' rows in the order they became complete (the order of their second half
     * in the trace), which is the order PajeNG keeps and {@code pj_dump} prints.
     */
    public int[] rowsByCompletion() {
        int[] out = new int[completeCount];
        for (int i = 0, n = size(); i < n; i++) {
            int rank = completionRank(i);
            if (rank >= 0) {
                out[rank] = i;
            }
        }
        return out;
    }

    /** True when both ends are known. */
    public boolean complete(int row) {
        return from(row) >= 0 && to(row) >= 0;
    }
}
