package dev.paje.imports.jfr;

import dev.paje.format.Shortest;
import java.time.Duration;

/** Durations as JFR settings write them ({@code "20 ms"}) and as user fields show them. */
final class Durations {
    private Durations() {
    }

    /** {@code "10 ms"}, {@code "1 s"}, {@code "500 us"} → seconds; -1 for anything else ({@code "everyChunk"}, {@code "off"}). */
    static double seconds(String setting) {
        if (setting == null) {
            return -1;
        }
        String[] parts = setting.trim().split("\\s+");
        if (parts.length != 2) {
            return -1;
        }
        double n;
        try {
            n = Double.parseDouble(parts[0]);
        } catch (NumberFormatException e) {
            return -1;
        }
        double unit = switch (parts[1]) {
            case "ns" -> 1e-9;
            case "us" -> 1e-6;
            case "ms" -> 1e-3;
            case "s" -> 1;
            case "m", "min" -> 60;
            case "h" -> 3600;
            case "d" -> 86400;
            default -> -1;
        };
        return unit < 0 ? -1 : n * unit;
    }

    /** Milliseconds to the microsecond: {@code "60.012 ms"}. */
    static String text(Duration d) {
        if (d == null) {
            return "";
        }
        double micros = Math.round(d.toNanos() / 1e3);
        return Shortest.format(micros / 1e3) + " ms";
    }
}
