package dev.paje.read;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Reads trace text in large blocks, splits it into lines and tokens, applies the header and hands
 * each event to a sink. Files named by {@code PajeTraceFile} events are read in place, relative
 * to the file that names them.
 */
public final class TraceReader {
    private static final int BLOCK = 1 << 20;

    private final ReadOptions options;
    private final EventSink sink;
    private final Diagnostics diagnostics;
    private final Deque<Path> reading = new ArrayDeque<>();
    private long lines;
    private long events;
    private long definitions;

    public TraceReader(ReadOptions options, EventSink sink, Diagnostics diagnostics) {
        this.options = options;
        this.sink = sink;
        this.diagnostics = diagnostics;
    }

    /** Reads a trace file and everything it includes, then finishes the sink. */
    public void read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            reading.push(file.toAbsolutePath().normalize());
            readFile(in, file.toString(), file.toAbsolutePath().getParent());
        } finally {
            reading.clear();
        }
        finish(file.toString());
    }

    /** Reads a trace from a stream (stdin); included files resolve against {@code baseDir}. */
    public void read(InputStream in, String name, Path baseDir) throws IOException {
        readFile(in, name, baseDir);
        finish(name);
    }

    /** Lines read, all files included. */
    public long lines() {
        return lines;
    }

    /** Event lines handed to the sink. */
    public long events() {
        return events;
    }

    private void finish(String name) {
        if (events == 0) {
            String what = definitions == 0 ? "empty trace: no event definitions and no events"
                    : "trace has a header but no events: nothing to simulate";
            diagnostics.report(new Problem(name, 0, what, null));
        }
        sink.finish();
    }

    private void readFile(InputStream in, String name, Path baseDir) throws IOException {
        Header header = new Header(options.legacyNames());
        Line line = new Line();
        line.file = name;
        byte[] buf = new byte[BLOCK];
        int len = 0;
        int pos = 0;
        long number = 0;
        boolean eof = false;
        while (true) {
            int nl = -1;
            for (int i = pos; i < len; i++) {
                if (buf[i] == '\n') {
                    nl = i;
                    break;
                }
            }
            if (nl < 0) {
                if (eof) {
                    if (pos < len) {
                        line.buf = buf;
                        handle(header, line, buf, pos, len, ++number, baseDir);
                    }
                    break;
                }
                // Keep the partial line, make room, read more.
                int rest = len - pos;
                if (pos == 0 && len == buf.length) {
                    buf = java.util.Arrays.copyOf(buf, buf.length * 2);
                } else {
                    System.arraycopy(buf, pos, buf, 0, rest);
                }
                len = rest;
                pos = 0;
                int n = in.read(buf, len, buf.length - len);
                if (n < 0) {
                    eof = true;
                } else {
                    len += n;
                }
                continue;
            }
            line.buf = buf;
            handle(header, line, buf, pos, nl, ++number, baseDir);
            pos = nl + 1;
        }
        lines += number;
        if (header.definitionOpen()) {
            diagnostics.report(new Problem(name, header.openLine(),
                    "unfinished event definition at the end of the file: expected %EndEventDef", null));
        }
    }

    private void handle(Header header, Line line, byte[] buf, int from, int to, long number, Path baseDir)
            throws IOException {
        line.number = number;
        line.lineStart = from;
        int lineEnd = to;
        if (lineEnd > from && buf[lineEnd - 1] == '\r') {
            lineEnd--;
        }
        line.lineEnd = lineEnd;
        try {
            if (!LineScanner.scan(buf, from, to, line)) {
                return;
            }
            if (buf[line.start[0]] == '%') {
                header.accept(line);
                definitions++;
                return;
            }
            if (header.definitionOpen()) {
                throw new EventError("event line inside the unfinished event definition started at line "
                        + header.openLine() + ": expected a field ('% NAME TYPE') or %EndEventDef");
            }
            EventDefinition def = header.lookup(line);
            if (def == null) {
                throw new EventError(header.isEmpty()
                        ? "event line before any %EventDef: expected the header first, found event id '" + line.text(0) + "'"
                        : "unknown event id '" + line.text(0) + "': no %EventDef defines it");
            }
            int found = line.count - 1;
            if (found != def.fieldCount()) {
                throw new EventError(def.kind().specName() + " (id " + def.id() + ", defined at line " + def.line()
                        + ") expects " + def.fieldCount() + " field" + (def.fieldCount() == 1 ? "" : "s")
                        + " (" + String.join(" ", def.fieldNames()) + "), found " + found);
            }
            events++;
            if (def.kind() == EventKind.TRACE_FILE) {
                include(def, line, baseDir);
            } else {
                sink.event(def, line);
            }
        } catch (EventError e) {
            diagnostics.report(new Problem(line.file, number, e.getMessage(), line.raw()));
        }
    }

    private void include(EventDefinition def, Line line, Path baseDir) throws IOException {
        if (!options.followTraceFiles()) {
            return;
        }
        String name = line.text(1 + def.position(Field.FILENAME));
        if (name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")) {
            name = name.substring(1, name.length() - 1);
        }
        Path target = (baseDir == null ? Path.of(name) : baseDir.resolve(name)).toAbsolutePath().normalize();
        if (reading.contains(target)) {
            diagnostics.warn(new Problem(line.file, line.number,
                    "PajeTraceFile names '" + name + "', which is already being read: ignored", line.raw()));
            return;
        }
        // Save this line's coordinates: the included file reuses nothing of ours but the sink.
        InputStream in;
        try {
            in = Files.newInputStream(target);
        } catch (NoSuchFileException e) {
            diagnostics.warn(new Problem(line.file, line.number, "PajeTraceFile names '" + name
                    + "', which does not exist (looked for " + target + "): ignored", line.raw()));
            return;
        }
        reading.push(target);
        try (in) {
            readFile(in, target.toString(), target.getParent());
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } finally {
            reading.pop();
        }
    }
}
