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
    private int[] dest = new int[1024];
    private int[] ints = new int[1024];
    private double[] doubles = new double[1024];
    private EventDefinition[] defs = new EventDefinition[1024];

    /** Groups every run of fast records of {@code b}; {@code names} bounds its local name ids. */
    void group(Batch b, int names) {
        if (count.length < names) {
            count = new int[Math.max(names, count.length * 2)];
        }
        int n = b.size;
        int i = 0;
        while (i < n) {
            if (b.def[i] == null) {
                i++;
                continue;
            }
            int j = i + 1;
            while (j < n && b.def[j] != null) {
                j++;
            }
            if (j - i >= MIN_RUN) {
                groupRun(b, i, j);
            }
            i = j;
        }
    }

    /** Stable counting sort of records {@code [from, to)} by container, groups in order of first appearance. */
    private void groupRun(Batch b, int from, int to) {
        int len = to - from;
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
            return; // one container: already grouped
        }
        int at = 0;
        for (int g = 0; g < groups; g++) { // count[c] becomes the next position of c's records
            int c = touched[g];
            int size = count[c];
            count[c] = at;
            at += size;
        }
        if (dest.length < len) {
            int cap = Math.max(len, dest.length * 2);
            dest = new int[cap];
            ints = new int[cap];
            doubles = new double[cap];
            defs = new EventDefinition[cap];
        }
        for (int k = from; k < to; k++) {
            dest[k - from] = count[container[k]]++;
        }
        for (int g = 0; g < groups; g++) {
            count[touched[g]] = 0;
        }
        permute(b.def, from, len);
        permute(b.offset, from, len);
        permute(b.line, from, len);
        permute(b.time, from, len);
        permute(b.type, from, len);
        permute(b.container, from, len);
        permute(b.value, from, len);
        permute(b.other, from, len);
        permute(b.key, from, len);
        permute(b.keyEnd, from, len);
        permute(b.number, from, len);
        permute(b.user0, from, len);
        permute(b.user1, from, len);
    }

    private void permute(int[] col, int from, int len) {
        int[] d = dest;
        int[] tmp = ints;
        for (int k = 0; k < len; k++) {
            tmp[d[k]] = col[from + k];
        }
        System.arraycopy(tmp, 0, col, from, len);
    }

    private void permute(double[] col, int from, int len) {
        int[] d = dest;
        double[] tmp = doubles;
        for (int k = 0; k < len; k++) {
            tmp[d[k]] = col[from + k];
        }
        System.arraycopy(tmp, 0, col, from, len);
    }

    private void permute(EventDefinition[] col, int from, int len) {
        int[] d = dest;
        EventDefinition[] tmp = defs;
        for (int k = 0; k < len; k++) {
            tmp[d[k]] = col[from + k];
        }
        System.arraycopy(tmp, 0, col, from, len);
    }
}
