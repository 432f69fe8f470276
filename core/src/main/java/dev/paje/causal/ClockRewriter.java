package dev.paje.causal;

import dev.paje.read.EventDefinition;
import dev.paje.read.EventError;
import dev.paje.read.EventKind;
import dev.paje.read.Field;
import dev.paje.read.Line;
import dev.paje.read.LineStream;
import dev.paje.read.Problem;
import dev.paje.read.TraceException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Writes a trace with corrected clocks by streaming its text: every byte is copied as is except
 * the Time field of the lines whose clock moves. A line's clock is that of the container it
 * happens in: the Container of states, events and variables, the StartContainer of a link's start,
 * the EndContainer of its end, the container a PajeCreateContainer makes. A PajeDestroyContainer
 * moves by the largest shift of anything that happens in or below its container, so nothing ends
 * up after the container's end. Shifts are per container, so each container's order is kept.
 */
public final class ClockRewriter {
    private final ClockFix fix;
    private final double[] destroyShift;
    private final LineStream stream;
    private final ContainerNames names = new ContainerNames();
    private final String file;
    private long changed;

    /** A rewriter for the text of the trace {@code fix} was computed on ({@code file} names it in errors). */
    public ClockRewriter(ClockFix fix, boolean legacyNames, String file) {
        this.fix = fix;
        this.destroyShift = DestroyShifts.of(fix);
        this.stream = new LineStream(legacyNames);
        this.file = file;
    }

    /**
     * Copies {@code in} to {@code out} with shifted times; returns the number of lines changed.
     *
     * @throws TraceException when a line cannot be interpreted (the trace is not the one analysed)
     */
    public long rewrite(InputStream in, OutputStream out) throws IOException {
        byte[] buf = new byte[1 << 20];
        int len = 0;
        long number = 0;
        while (true) {
            int n = in.readNBytes(buf, len, buf.length - len);
            len += n;
            boolean eof = len < buf.length;
            int pos = 0;
            while (pos < len) {
                int nl = pos;
                while (nl < len && buf[nl] != '\n') {
                    nl++;
                }
                if (nl == len && !eof) {
                    break; // an incomplete line: wait for more
                }
                number++;
                line(buf, pos, nl, Math.min(nl + 1, len), number, out);
                pos = nl + 1;
            }
            if (eof) {
                break;
            }
            len -= Math.min(pos, len);
            if (pos > 0) {
                System.arraycopy(buf, pos, buf, 0, len);
            } else { // one line longer than the buffer
                buf = Arrays.copyOf(buf, buf.length * 2);
            }
        }
        return changed;
    }

    /** Handles {@code buf[from, to)}, a line without its newline; writes {@code buf[from, next)}. */
    private void line(byte[] buf, int from, int to, int next, long number, OutputStream out) throws IOException {
        double shift;
        int timeToken;
        try {
            EventDefinition def = stream.next(buf, from, to, number);
            if (def == null || !def.kind().timed()) {
                if (def != null && def.kind() == EventKind.TRACE_FILE) {
                    throw new EventError("PajeTraceFile: traces split into several files cannot be rewritten;"
                            + " join them into one file first");
                }
                out.write(buf, from, next - from);
                return;
            }
            Line line = stream.line();
            timeToken = 1 + def.position(Field.TIME);
            shift = shift(def, line);
        } catch (EventError e) {
            String text = new String(buf, from, to - from, StandardCharsets.UTF_8);
            throw new TraceException(new Problem(file, number, e.getMessage(), text.strip()));
        }
        Line line = stream.line();
        if (shift == 0) {
            out.write(buf, from, next - from);
            return;
        }
        double t = line.number(timeToken);
        int ts = line.start(timeToken);
        int te = line.end(timeToken);
        out.write(buf, from, ts - from);
        out.write(TimeText.format(t + shift, buf, ts, te));
        out.write(buf, te, next - te);
        changed++;
    }

    private double shift(EventDefinition def, Line line) {
        EventKind kind = def.kind();
        return switch (kind) {
            case CREATE_CONTAINER -> {
                String alias = def.position(Field.ALIAS) < 0 ? null : text(line, def, Field.ALIAS);
                yield fix.shift(names.create(text(line, def, Field.NAME), alias));
            }
            case DESTROY_CONTAINER -> destroyShift[container(line, def, Field.NAME)];
            case START_LINK -> fix.shift(container(line, def, Field.START_CONTAINER));
            case END_LINK -> fix.shift(container(line, def, Field.END_CONTAINER));
            default -> fix.shift(container(line, def, Field.CONTAINER));
        };
    }

    private int container(Line line, EventDefinition def, Field field) {
        String name = text(line, def, field);
        int id = names.find(name);
        if (id < 0 || id >= destroyShift.length) {
            throw new EventError("unknown container '" + name + "' in field " + field.specName()
                    + ": is this the trace that was analysed?");
        }
        return id;
    }

    /** A field as a String, one char per byte: the same bytes give the same name, as in the simulator. */
    private static String text(Line line, EventDefinition def, Field field) {
        int t = 1 + def.position(field);
        return new String(line.buffer(), line.start(t), line.end(t) - line.start(t), StandardCharsets.ISO_8859_1);
    }
}
