package dev.paje.read;

/**
 * Reorders a tokenized batch so that the entity records of one container are consecutive.
 *
 * <p>Why: the simulator's work per event is a handful of pointer chases into the container's state
 * (its clock, state stack, table, tail block). With a thousand containers interleaved line by line,
 * each of those is a cache miss; fed a container's records in a row, it finds them in the cache.
 * Containers are independent between two structure lines (the general path: definitions, container
 * creation and destruction), so only runs of fast records are reordered, and each container's records
 * keep their file order (a stable counting sort). The reader checks, before simulating a reordered
 * run, that nothing in it changes state shared between containers (see {@link EventSink#commutes}),
 * and reports its problems in line order.
 *
 * <p>Runs on the tokenizer threads; owns scratch arrays reused from batch to batch.
 */
final class ContainerGroups {
    /** Shorter runs are left alone: nothing to gain. */
    static final int MIN_RUN = 64;

    private int[] count = new int[256];
    private int[] touched = new int[256];
    /** Where each record of the batch goes (itself outside reordered runs). */
    private int[] dest = new int[1024];
    /**
     * A spare set of columns, all of one length: records are scattered into them, then they and the
     * batch's columns trade places (one pass per column, no copy back).
     */
    private EventDefinition[] def = new EventDefinition[0];
    private int[] offset = new int[0];
    private int[] line = new int[0];
    private double[] time = new double[0];
    private int[] type = new int[0];
    private int[] container = new int[0];
    private int[] value = new int[0];
    private int[] other = new int[0];
    private int[] key = new int[0];
    private int[] keyEnd = new int[0];
    private double[] number = new double[0];
    private int[] user0 = new int[0];
    private int[] user1 = new int[0];

    /** Groups every run of fast records of {@code b}; {@code names} bounds its local name ids. */
    void group(Batch b, int names) {
        if (count.length < names) {
            count = new int[Math.max(names, count.length * 2)];
        }
        int n = b.size;
        if (dest.length < n) {
            dest = new int[Math.max(n, dest.length * 2)];
        }
        boolean moved = false;
        int i = 0;
        while (i < n) {
            if (b.def[i] == null) {
                dest[i] = i;
                i++;
                continue;
            }
            int j = i + 1;
            while (j < n && b.def[j] != null) {
                j++;
            }
            if (j - i >= MIN_RUN && groupRun(b, i, j)) {
                moved = true;
            } else {
                inPlace(i, j);
            }
            i = j;
        }
        if (moved) {
            permute(b, n);
        }
    }

    /**
     * Sets {@link #dest} for records {@code [from, to)}: a stable counting sort by container, groups in
     * order of first appearance. False when the run has a single container (left in place).
     */
    private boolean groupRun(Batch b, int from, int to) {
        int[] container = b.container;
        int groups = 0;
        for (int k = from; k < to; k++) {
            int c = container[k];
            if (count[c]++ == 0) {
                if (groups == touched.length) {
                    touched = java.util.Arrays.copyOf(touched, groups * 2);
                }
                touched[groups++] = c;
            }
        }
        if (groups == 1) {
            count[touched[0]] = 0;
            return false; // one container: already grouped
        }
        int at = from;
        for (int g = 0; g < groups; g++) { // count[c] becomes the next position of c's records
            int c = touched[g];
            int size = count[c];
            count[c] = at;
            at += size;
        }
        for (int k = from; k < to; k++) {
            dest[k] = count[container[k]]++;
        }
        for (int g = 0; g < groups; g++) {
            count[touched[g]] = 0;
        }
        return true;
    }

    private void inPlace(int from, int to) {
        for (int k = from; k < to; k++) {
            dest[k] = k;
        }
    }

    /** Moves records {@code [0, n)} of {@code b} to {@link #dest}, trading its columns for the spare ones. */
    private void permute(Batch b, int n) {
        if (def.length < n) { // the spare set as long as the batch's columns: they trade places
            int cap = b.capacity();
            def = new EventDefinition[cap];
            offset = new int[cap];
            line = new int[cap];
            time = new double[cap];
            type = new int[cap];
            container = new int[cap];
            value = new int[cap];
            other = new int[cap];
            key = new int[cap];
            keyEnd = new int[cap];
            number = new double[cap];
            user0 = new int[cap];
            user1 = new int[cap];
        }
        EventDefinition[] defs = b.def;
        b.def = scatter(defs, def, n);
        def = defs;
        int[] t = b.offset;
        b.offset = scatter(t, offset, n);
        offset = t;
        t = b.line;
        b.line = scatter(t, line, n);
        line = t;
        double[] x = b.time;
        b.time = scatter(x, time, n);
        time = x;
        t = b.type;
        b.type = scatter(t, type, n);
        type = t;
        t = b.container;
        b.container = scatter(t, container, n);
        container = t;
        t = b.value;
        b.value = scatter(t, value, n);
        value = t;
        t = b.other;
        b.other = scatter(t, other, n);
        other = t;
        t = b.key;
        b.key = scatter(t, key, n);
        key = t;
        t = b.keyEnd;
        b.keyEnd = scatter(t, keyEnd, n);
        keyEnd = t;
        x = b.number;
        b.number = scatter(x, number, n);
        number = x;
        t = b.user0;
        b.user0 = scatter(t, user0, n);
        user0 = t;
        t = b.user1;
        b.user1 = scatter(t, user1, n);
        user1 = t;
    }

    private int[] scatter(int[] col, int[] into, int n) {
        int[] d = dest;
        for (int k = 0; k < n; k++) {
            into[d[k]] = col[k];
        }
        return into;
    }

    private double[] scatter(double[] col, double[] into, int n) {
        int[] d = dest;
        for (int k = 0; k < n; k++) {
            into[d[k]] = col[k];
        }
        return into;
    }

    private EventDefinition[] scatter(EventDefinition[] col, EventDefinition[] into, int n) {
        int[] d = dest;
        for (int k = 0; k < n; k++) {
            into[d[k]] = col[k];
        }
        return into;
    }
}
