package dev.paje.format;

import java.nio.charset.StandardCharsets;

/**
 * Doubles as the shortest decimal that reads back to the same double, in plain notation for
 * ordinary magnitudes (what R, pandas and JSON parsers read without loss), by {@link Schubfach}.
 * Java 17's {@code Double.toString} round-trips but is sometimes a digit or two too long.
 */
public final class Shortest {
    private Shortest() {
    }

    /** {@code x} as the shortest round-trip decimal; NaN and infinities as "NaN", "Infinity", "-Infinity". */
    public static String format(double x) {
        if (!Double.isFinite(x)) {
            return Double.toString(x);
        }
        byte[] text = new byte[Schubfach.MAX_CHARS];
        return new String(text, 0, Schubfach.write(x, text, 0), StandardCharsets.ISO_8859_1);
    }
}
