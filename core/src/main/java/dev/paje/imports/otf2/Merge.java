package dev.paje.imports.otf2;

import dev.paje.imports.ImportException;
import java.io.IOException;
import java.util.List;

/**
 * A k-way merge of the locations' lines by time (ties by location, so the output never depends on the
 * workers' timing): a winner tree of heads, where a head's next line is played up its path only (log k
 * comparisons per line, half a binary heap's sift); a location's lines that stay first go as one run. Runs go
 * to a {@link Runs}: appended as text, or cut into {@link Window}s for the reader.
 */
final class Merge {
    /** Takes the merged lines, a run of one location's batch at a time. */
    interface Runs {
        void run(Head head, Batch batch, int from, int to) throws IOException;
    }

    /** A location's batches in time order ({@link LocationStream}). */
    interface Source {
        /** The next batch, or null after the last. */
        Batch take() throws ImportException, IOException, InterruptedException;

        /** Called once the last batch is merged: its file may be closed. */
        void finished() throws IOException;
    }

    /** A location's current batch and line; its key is the line's time. */
    static final class Head {
        final Source stream;
        final int index;
        Batch batch;
        int line;
        /** The current line's time, kept here: the tree compares it without reaching into the batch. */
        double time;
        /** No line left (or a padding leaf of the tree). */
        boolean done;

        Head(Source stream, int index) {
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

    static void merge(List<? extends Source> streams, Runs runs)
            throws ImportException, IOException, InterruptedException {
        int size = 1;
        while (size < streams.size()) {
            size *= 2;
        }
        Head[] heads = new Head[size];
        for (int i = 0; i < size; i++) {
            Head h = new Head(i < streams.size() ? streams.get(i) : null, i);
            h.batch = h.stream == null ? null : h.stream.take();
            if (h.batch != null) {
                h.at(0);
            } else {
                h.done = true;
            }
            heads[i] = h;
        }
        // a winner tree: node i holds the head first of its two children's, the leaves are the heads
        int[] tree = new int[2 * size];
        for (int i = 0; i < size; i++) {
            tree[size + i] = i;
        }
        for (int node = size - 1; node >= 1; node--) {
            tree[node] = first(heads, tree[2 * node], tree[2 * node + 1]);
        }
        while (true) {
            int w = tree[1];
            Head h = heads[w];
            if (h.done) {
                return;
            }
            Batch b = h.batch;
            int from = h.line;
            int to = from;
            do { // the run goes on while its location stays first
                if (++to == b.lines) {
                    break;
                }
                h.at(to);
            } while (replay(heads, tree, size, w) == w);
            runs.run(h, b, from, to);
            if (to == b.lines) {
                h.batch = h.stream.take();
                if (h.batch != null) {
                    h.at(0);
                } else {
                    h.stream.finished();
                    h.done = true;
                }
                replay(heads, tree, size, w);
            }
        }
    }

    /** Plays head {@code w}'s new line up its path to the root; returns the winner. */
    private static int replay(Head[] heads, int[] tree, int size, int w) {
        for (int node = (size + w) >> 1; node >= 1; node >>= 1) {
            tree[node] = first(heads, tree[2 * node], tree[2 * node + 1]);
        }
        return tree[1];
    }

    /** Of heads {@code a} and {@code b}, the one whose line comes first (by time, ties by location); done ones last. */
    private static int first(Head[] heads, int a, int b) {
        Head x = heads[a];
        Head y = heads[b];
        if (x.done) {
            return b;
        }
        if (y.done) {
            return a;
        }
        return x.time < y.time || x.time == y.time && a < b ? a : b;
    }
}
