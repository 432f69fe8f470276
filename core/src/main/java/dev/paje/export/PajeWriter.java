package dev.paje.export;

import dev.paje.format.Shortest;
import java.io.IOException;
import java.io.Writer;

/** Writes Pajé event lines token by token: names as the store keeps them (already quoted), times at full precision. */
final class PajeWriter {
    private final Writer out;
    private final StringBuilder line = new StringBuilder(128);
    /** Latest time written: the end of the cut trace. */
    double lastTime = Double.NEGATIVE_INFINITY;

    PajeWriter(Writer out) {
        this.out = out;
    }

    PajeWriter start(int eventId) {
        line.setLength(0);
        line.append(eventId);
        return this;
    }

    PajeWriter time(double t) {
        lastTime = Math.max(lastTime, t);
        return number(t);
    }

    PajeWriter number(double x) {
        line.append(' ').append(Shortest.format(x));
        return this;
    }

    /** A name or value token as stored (quoted when it needs to be); nothing for null. */
    PajeWriter token(String s) {
        if (s != null) {
            line.append(' ').append(s); // null: an optional field that is absent
        }
        return this;
    }

    void end() throws IOException {
        line.append('\n');
        out.append(line);
    }

    void raw(String text) throws IOException {
        out.write(text);
    }
}
