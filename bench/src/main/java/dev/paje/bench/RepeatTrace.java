package dev.paje.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A trace N times longer made from one written by {@code gen-synthetic-trace.py} (10 GB in minutes
 * where the generator takes hours on a loaded machine): the header and container creations once,
 * then the events between them N times, copy {@code k} shifted by {@code k * PERIOD} seconds (added
 * to the integer part of the time, so the decimals stay as written), then the destructions shifted
 * like the last copy. Link keys repeat from copy to copy, each after its link completed.
 *
 * <p>Usage: {@code RepeatTrace IN OUT N PERIOD} (PERIOD an integer of seconds above the trace's end).
 */
public final class RepeatTrace {
    private RepeatTrace() {
    }

    public static void main(String[] args) throws IOException {
        Path in = Path.of(args[0]);
        int copies = Integer.parseInt(args[2]);
        long period = Long.parseLong(args[3]);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(Path.of(args[1])), 1 << 20)) {
            for (int k = 0; k < copies; k++) {
                copy(in, out, k == 0 ? Part.HEAD_AND_BODY : Part.BODY, k * period);
            }
            copy(in, out, Part.TAIL, (copies - 1) * period);
        }
    }

    private enum Part { HEAD_AND_BODY, BODY, TAIL }

    /** Copies the lines of {@code part}, event times shifted by {@code shift} seconds. */
    private static void copy(Path in, OutputStream out, Part part, long shift) throws IOException {
        byte[] line = new byte[1 << 16];
        try (Lines s = new Lines(Files.newInputStream(in))) {
            boolean events = false;
            int n;
            while ((n = s.next(line)) >= 0) {
                int id = eventId(line, n);
                boolean body = id >= 8; // set, add, sub, states, links, events
                boolean tail = id == 7; // destroy container
                if (body) {
                    events = true;
                }
                boolean head = !events && !body && !tail;
                boolean keep = switch (part) {
                    case HEAD_AND_BODY -> head || body;
                    case BODY -> body;
                    case TAIL -> tail;
                };
                if (keep) {
                    if ((body || tail) && shift != 0) {
                        shifted(line, n, shift, out);
                    } else {
                        out.write(line, 0, n);
                    }
                    out.write('\n');
                }
            }
        }
    }

    /** The event id a line starts with, or -1 (comments, definitions). */
    private static int eventId(byte[] line, int n) {
        int id = 0;
        int i = 0;
        for (; i < n && line[i] >= '0' && line[i] <= '9'; i++) {
            id = id * 10 + line[i] - '0';
        }
        return i == 0 || i >= n || line[i] != ' ' ? -1 : id;
    }

    private static void shifted(byte[] line, int n, long shift, OutputStream out) throws IOException {
        int t = 0;
        while (line[t] != ' ') {
            t++;
        }
        t++;
        int dot = t;
        while (dot < n && line[dot] >= '0' && line[dot] <= '9') {
            dot++;
        }
        long whole = 0;
        for (int i = t; i < dot; i++) {
            whole = whole * 10 + line[i] - '0';
        }
        out.write(line, 0, t);
        out.write(Long.toString(whole + shift).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        out.write(line, dot, n - dot);
    }

    /** Lines of a stream, read a megabyte at a time (a synchronized read per byte would be the bottleneck). */
    private static final class Lines implements AutoCloseable {
        private final InputStream in;
        private final byte[] buf = new byte[1 << 20];
        private int pos;
        private int limit;

        Lines(InputStream in) {
            this.in = in;
        }

        /** The next line into {@code line} (without its newline); its length, or -1 at the end. */
        int next(byte[] line) throws IOException {
            int n = 0;
            while (true) {
                if (pos == limit) {
                    limit = in.read(buf, 0, buf.length);
                    pos = 0;
                    if (limit <= 0) {
                        limit = 0;
                        return n == 0 ? -1 : n;
                    }
                }
                byte c = buf[pos++];
                if (c == '\n') {
                    return n;
                }
                line[n++] = c;
            }
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
