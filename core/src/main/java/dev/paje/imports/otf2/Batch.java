package dev.paje.imports.otf2;

import java.util.Arrays;

/**
 * Lines of one location, decoded by a worker, waiting for the merge by time: their times here, their
 * content in a subclass (Pajé text for {@code convert}, events as values for the reader).
 */
abstract class Batch {
    double[] times;
    int lines;
    /** Bytes of the location's event file decoded when this batch ended: for the reader's progress. */
    long offset;

    /** Room for {@code lines} lines before growing. */
    Batch(int lines) {
        times = new double[Math.max(16, lines)];
    }

    /** About how many bytes this batch holds: decoders fill batches up to a budget. */
    abstract int bytes();

    /** Moves the last line to index {@code line}, after the lines before it: a late-known line put back in place. */
    abstract void moveLastTo(int line);

    /** Whether the per-line arrays are full: a subclass grows them (and {@link #growTimes}) before the next line. */
    final boolean full() {
        return lines == times.length;
    }

    final void growTimes() {
        times = Arrays.copyOf(times, lines * 2);
    }

    /** Rotates {@code a[line, lines)} one place right: the last element goes to {@code line}. */
    final void rotate(int[] a, int line) {
        int last = a[lines - 1];
        System.arraycopy(a, line, a, line + 1, lines - 1 - line);
        a[line] = last;
    }

    final void rotate(double[] a, int line) {
        double last = a[lines - 1];
        System.arraycopy(a, line, a, line + 1, lines - 1 - line);
        a[line] = last;
    }
}
