package dev.paje.imports.otf2;

import java.util.Arrays;

/**
 * Pajé lines of one location, formatted by a worker, waiting for the merge: the text, where each line
 * ends and its time. {@link TextOut} writes into it; {@link #mark} closes a line.
 */
final class TextBatch extends Batch {
    byte[] text;
    int size;
    int[] ends = new int[256];

    TextBatch(int capacity) {
        super(256);
        text = new byte[capacity];
    }

    @Override
    int bytes() {
        return size;
    }

    void write(byte[] b, int off, int len) {
        if (size + len > text.length) {
            text = Arrays.copyOf(text, Math.max(size + len, text.length * 2));
        }
        System.arraycopy(b, off, text, size, len);
        size += len;
    }

    /** The bytes written since the previous mark are one line (or more) at {@code time}. */
    void mark(double time) {
        if (full()) {
            ends = Arrays.copyOf(ends, lines * 2);
            growTimes();
        }
        ends[lines] = size;
        times[lines] = time;
        lines++;
    }

    int start(int line) {
        return line == 0 ? 0 : ends[line - 1];
    }

    @Override
    void moveLastTo(int line) {
        if (line >= lines - 1) {
            return;
        }
        int from = start(lines - 1);
        int len = size - from;
        int to = start(line);
        byte[] last = Arrays.copyOfRange(text, from, size);
        double time = times[lines - 1];
        System.arraycopy(text, to, text, to + len, from - to);
        System.arraycopy(last, 0, text, to, len);
        for (int i = lines - 1; i > line; i--) {
            ends[i] = ends[i - 1] + len;
            times[i] = times[i - 1];
        }
        ends[line] = to + len;
        times[line] = time;
    }
}
