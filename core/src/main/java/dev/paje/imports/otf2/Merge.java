package dev.paje.imports.otf2;

import dev.paje.imports.ImportException;
import java.io.IOException;
import java.util.List;

/**
 * A k-way merge of the locations' lines by time (ties by location, so the output never depends on the
 * workers' timing): a binary heap of heads whose top is replaced in place after each run of lines, one
 * sift per run instead of a removal and an insertion. Runs go to a {@link Runs}: appended as text, or cut
 * into {@link Window}s for the reader.
 */
final class Merge {
    /** Takes the merged lines, a run of one location's batch at a time. */
    interface Runs {
        void run(Head head, Batch batch, int from, int to) throws IOException;
    }

    /** A location's current batch and line; its key is the line's time. */
    static final class Head {
        final LocationStream stream;
        final int index;
        Batch batch;
        int line;
        /** The current line's time, kept here: the heap compares it without reaching into the batch. */
        double time;

        Head(LocationStream stream, int index) {
            this.stream = stream;
            this.index = index;
        }

        /** Moves to line {@code to} of the batch (its time becomes the key). */
        void at(int to) {
            line = to;
            time = batch.times[to];
        }
    }

    private Merge() {
    }

    static void merge(List<LocationStream> streams, Runs runs)
            throws ImportException, IOException, InterruptedException {
        Head[] heap = new Head[streams.size()];
        int n = 0;
        for (int i = 0; i < streams.size(); i++) {
            Head h = new Head(streams.get(i), i);
            h.batch = h.stream.take();
            if (h.batch != null) {
                h.at(0);
                heap[n++] = h;
            }
        }
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(heap, n, i);
        }
        while (n > 0) {
            Head h = heap[0];
            Head next = n == 1 ? null : n == 2 || before(heap[1], heap[2]) ? heap[1] : heap[2];
            Batch b = h.batch;
            int from = h.line;
            int to = from + 1; // the top's line comes first
            if (next == null) {
                to = b.lines;
            } else {
                double limit = next.time;
                boolean first = h.index < next.index;
                while (to < b.lines && (b.times[to] < limit || b.times[to] == limit && first)) {
                    to++;
                }
            }
            runs.run(h, b, from, to);
            if (to < b.lines) {
                h.at(to);
            } else {
                h.batch = h.stream.take();
                if (h.batch != null) {
                    h.at(0);
                } else {
                    h.stream.decoder().close();
                    heap[0] = heap[--n];
                    heap[n] = null;
                }
            }
            siftDown(heap, n, 0);
        }
    }

    private static boolean before(Head a, Head b) {
        double x = a.time;
        double y = b.time;
        return x < y || x == y && a.index < b.index;
    }

    private static void siftDown(Head[] heap, int n, int i) {
        Head h = heap[i];
        if (h == null) {
            return;
        }
        while (true) {
            int c = 2 * i + 1;
            if (c >= n) {
                break;
            }
            if (c + 1 < n && before(heap[c + 1], heap[c])) {
                c++;
            }
            if (!before(heap[c], h)) {
                break;
            }
            heap[i] = heap[c];
            i = c;
        }
        heap[i] = h;
    }
}
