package dev.paje.read;

/**
 * Orders a tokenized chunk so that the entity records of one container are consecutive.
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
 * <p>Works on the containers of the records {@link ChunkTokenizer} staged and only computes their
 * order: the tokenizer then reads each record once, from one place, into the batch's columns.
 * Runs on the tokenizer threads; owns scratch arrays reused from batch to batch.
 */
final class ContainerGroups {
    /** Shorter runs are left alone: nothing to gain. */
    static final int MIN_RUN = 64;

    private int[] count = new int[256];
    private int[] touched = new int[256];
    /** Which staged record goes at each place (itself outside reordered runs). */
    private int[] src = new int[1024];

    /**
     * The order of the {@code n} staged records, of containers {@code containers} (their low
     * {@link ChunkTokenizer#CONTAINER_BITS} bits; -1: a raw line), once every run of fast records is grouped:
     * record {@code src[k]} goes at place {@code k}; null when nothing moves. {@code names} bounds the
     * local name ids.
     */
    int[] order(int[] containers, int n, int names) {
        if (count.length < names) {
            count = new int[Math.max(names, count.length * 2)];
        }
        if (src.length < n) {
            src = new int[Math.max(n, src.length * 2)];
        }
        boolean moved = false;
        int i = 0;
        while (i < n) {
            if (containers[i] < 0) {
                src[i] = i;
                i++;
                continue;
            }
            int j = i + 1;
            while (j < n && containers[j] >= 0) {
                j++;
            }
            if (j - i >= MIN_RUN && groupRun(containers, i, j)) {
                moved = true;
            } else {
                inPlace(i, j);
            }
            i = j;
        }
        return moved ? src : null;
    }

    /**
     * Sets {@link #src} for places {@code [from, to)}: a stable counting sort by container, groups in
     * order of first appearance. False when the run has a single container (left in place).
     */
    private boolean groupRun(int[] containers, int from, int to) {
        int groups = 0;
        for (int k = from; k < to; k++) {
            int c = containers[k] & ChunkTokenizer.CONTAINER_MASK;
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
        for (int g = 0; g < groups; g++) { // count[c] becomes the next place of c's records
            int c = touched[g];
            int size = count[c];
            count[c] = at;
            at += size;
        }
        for (int k = from; k < to; k++) {
            src[count[containers[k] & ChunkTokenizer.CONTAINER_MASK]++] = k;
        }
        for (int g = 0; g < groups; g++) {
            count[touched[g]] = 0;
        }
        return true;
    }

    private void inPlace(int from, int to) {
        for (int k = from; k < to; k++) {
            src[k] = k;
        }
    }
}
