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

/**
 * Writes a trace with corrected clocks by streaming its text: every byte is copied as is except
 * the Time field of the lines whose clock moves. A line's clock is that of the container it
 * happens in: the Container of states, events and variables, the StartContainer of a link's start,
 * the EndContainer of its end, the container a PajeCreateContainer makes; its time goes through
 * that clock's {@link ClockMap} (drift removed, then shifted). A PajeDestroyContainer moves to the
 * latest its clock or any clock of what happens in or below its container puts it, so nothing ends
 * up after the container's end. Maps are per clock and increasing, so each container's order is kept.
 */
public final class ClockRewriter {
    private final DestroyShifts destroys;
    private final ClockMap map;
    private final int size;
    private final LineStream stream;
    private final ContainerNames names = new ContainerNames();
    private final String file;
    private long changed;
    private double last = Double.NEGATIVE_INFINITY;
    private boolean ordered = true;

    /** A rewriter for the text of the trace {@code fix} was computed on ({@code file} names it in errors). */
    public ClockRewriter(ClockFix fix, boolean legacyNames, String file) {
        this.destroys = DestroyShifts.of(fix);
        this.map = fix.map();
        this.size = fix.constraints().trace().containers().size();
        this.stream = new LineStream(legacyNames);
        this.file = file;
    }

    /**
     * Copies {@code in} to {@code out} with shifted times; returns the number of lines changed.
     *
     * @throws TraceException when a line cannot be interpreted (the trace is not the one analysed)
     */
    public long rewrite(InputStream in, OutputStream out) throws IOException {
        TextLines.each(in, (buf, from, to, next, number) -> line(buf, from, to, next, number, out));
        return changed;
    }

    /** True when the times of the lines written so far never go back (else the output needs a {@link TimeSort}). */
    public boolean ordered() {
        return ordered;
    }

    /** Handles {@code buf[from, to)}, a line without its newline; writes {@code buf[from, next)}. */
    private void line(byte[] buf, int from, int to, int next, long number, OutputStream out) throws IOException {
        double t;
        double moved;
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
            moved = correct(def, line, timeToken);
            t = line.number(timeToken);
            double written = Double.isNaN(moved) ? t : moved;
            ordered &= written >= last; // a Pajé trace is meant to be in time order: see TimeSort
            last = Math.max(last, written);
        } catch (EventError e) {
            String text = new String(buf, from, to - from, StandardCharsets.UTF_8);
            throw new TraceException(new Problem(file, number, e.getMessage(), text.strip()));
        }
        Line line = stream.line();
        if (Double.isNaN(moved) || Double.compare(moved, t) == 0) {
            out.write(buf, from, next - from);
            return;
        }
        int ts = line.start(timeToken);
        int te = line.end(timeToken);
        out.write(buf, from, ts - from);
        out.write(TimeText.format(moved, buf, ts, te));
        out.write(buf, te, next - te);
        changed++;
    }

    /** The corrected time of a line: that of its container's clock; NaN when its clock stays (not even parsed). */
    private double correct(EventDefinition def, Line line, int timeToken) {
        EventKind kind = def.kind();
        int c = switch (kind) {
            case CREATE_CONTAINER -> {
                String alias = def.position(Field.ALIAS) < 0 ? null : text(line, def, Field.ALIAS);
                yield names.create(text(line, def, Field.NAME), alias);
            }
            case DESTROY_CONTAINER -> container(line, def, Field.NAME);
            case START_LINK -> container(line, def, Field.START_CONTAINER);
            case END_LINK -> container(line, def, Field.END_CONTAINER);
            default -> container(line, def, Field.CONTAINER);
        };
        if (kind == EventKind.DESTROY_CONTAINER) {
            return destroys.at(c, line.number(timeToken));
        }
        return c >= 0 && c < size && map.moves(c) ? map.apply(c, line.number(timeToken)) : Double.NaN;
    }

    private int container(Line line, EventDefinition def, Field field) {
        String name = text(line, def, field);
        int id = names.find(name);
        if (id < 0 || id >= size) {
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
