package dev.paje.spark;

import dev.paje.read.EventDefinition;
import dev.paje.read.EventError;
import dev.paje.read.EventKind;
import dev.paje.read.Field;
import dev.paje.read.Line;
import dev.paje.read.LineStream;
import java.util.List;

/**
 * What one line of a trace is, judged on an executor with the broadcast header: the same tokenizer
 * and header as the single-machine reader ({@link LineStream}). Header lines ({@code %...}) were
 * gathered by the driver beforehand, so they are skipped here.
 */
final class LineKinds {
    private final LineStream stream;
    private EventDefinition def;

    LineKinds(List<byte[]> header, boolean legacyNames) {
        stream = new LineStream(legacyNames);
        long n = 0;
        for (byte[] h : header) {
            stream.next(h, 0, h.length, ++n);
        }
    }

    /** True for a header line ({@code %} first, after blanks). */
    static boolean isHeader(byte[] b) {
        for (byte x : b) {
            if (x != ' ' && x != '\t') {
                return x == '%';
            }
        }
        return false;
    }

    /**
     * Reads an event line; false for a blank, comment or header line.
     *
     * @throws EventError for a malformed line, as the single-machine reader would report it
     */
    boolean read(byte[] b, long offset) {
        if (isHeader(b)) {
            return false;
        }
        def = stream.next(b, 0, b.length, offset);
        return def != null;
    }

    EventKind kind() {
        return def.kind();
    }

    /** The text of {@code field} in the line just read, or null when its event has no such field. */
    String text(Field field) {
        int p = def.position(field);
        return p < 0 ? null : stream.line().text(1 + p);
    }

    /** The line's time, or NaN when it has none or it is not a number. */
    double time() {
        int p = def.position(Field.TIME);
        if (p < 0) {
            return Double.NaN;
        }
        Line line = stream.line();
        try {
            return line.number(1 + p);
        } catch (RuntimeException notANumber) {
            return Double.NaN; // the simulation of the line's part reports it, with the line
        }
    }
}
