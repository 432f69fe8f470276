package dev.paje.cli;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Times typed on the command line: a number of seconds, or a number with a unit ({@code 5ms}, {@code 1.5s}, {@code 2us}). */
final class Times {
    /** What a time looks like, for messages. */
    static final String EXPECTED = "a number of seconds, or a number with a unit (ns, us or µs, ms, s, min, h),"
            + " such as 1.5, 20ms or 2us";

    private static final Pattern TIME = Pattern.compile(
            "([+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?)\\s*(ns|us|µs|ms|s|min|h)?");

    private Times() {
    }

    /** The time {@code text} stands for, in seconds; an IllegalArgumentException says what was expected. */
    static double parse(String text) {
        Matcher m = TIME.matcher(text == null ? "" : text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("expected " + EXPECTED + "; found '" + text + "'");
        }
        BigDecimal number = new BigDecimal(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        // scaled in decimal, then rounded once: 20ms is the double nearest 0.02, as "0.02" would be
        BigDecimal seconds = switch (unit.toLowerCase(Locale.ROOT)) {
            case "ns" -> number.scaleByPowerOfTen(-9);
            case "us", "µs" -> number.scaleByPowerOfTen(-6);
            case "ms" -> number.scaleByPowerOfTen(-3);
            case "min" -> number.multiply(BigDecimal.valueOf(60));
            case "h" -> number.multiply(BigDecimal.valueOf(3600));
            default -> number;
        };
        double value = seconds.doubleValue();
        if (Double.isInfinite(value)) {
            throw new IllegalArgumentException("expected a finite time; found '" + text + "'");
        }
        return value;
    }
}
