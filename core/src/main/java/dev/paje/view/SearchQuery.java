package dev.paje.view;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A query of {@code /api/search}: {@code FIELD OP VALUE} ({@code File = sync.c}, {@code Size > 1000},
 * {@code value ~ read}) or plain text, matched case-insensitively as a substring of value names, user
 * fields and container names. Comparisons are numeric when both sides are numbers, else textual.
 */
public record SearchQuery(String field, String op, String text, double number) {
    private static final Pattern CONDITION = Pattern.compile("\\s*([\\p{L}_][\\p{L}\\p{N}_.-]*)\\s*(<=|>=|!=|=|<|>|~)\\s*(.*?)\\s*");
    private static final int MAX_LENGTH = 200;

    public static SearchQuery parse(String q) {
        if (q.isBlank()) {
            throw ViewException.badRequest("q is empty: give a text to find, or FIELD OP VALUE (File = main.c, Size > 1000)");
        }
        if (q.length() > MAX_LENGTH) {
            throw ViewException.badRequest("q is too long: " + q.length() + " characters, at most " + MAX_LENGTH);
        }
        Matcher m = CONDITION.matcher(q);
        if (m.matches()) {
            String value = unquote(m.group(3));
            if (value.isEmpty()) {
                throw ViewException.badRequest("nothing to compare " + m.group(1) + " with: write " + m.group(1) + " "
                        + m.group(2) + " VALUE");
            }
            return new SearchQuery(m.group(1), m.group(2), value, numberOrNaN(value));
        }
        String text = unquote(q.strip());
        return new SearchQuery(null, "~", text, Double.NaN);
    }

    /** Whether {@code q} has the form FIELD OP VALUE (a part of a conjunction, {@link SearchConditions}). */
    static boolean isCondition(String q) {
        Matcher m = CONDITION.matcher(q);
        return m.matches() && !unquote(m.group(3)).isEmpty();
    }

    /** Plain text: no field named. */
    public boolean plain() {
        return field == null;
    }

    /** Whether the field is one of the pseudo-fields value, type, container (rather than a user field). */
    boolean on(String pseudo) {
        return field != null && field.equalsIgnoreCase(pseudo);
    }

    /** Whether a field's text satisfies the condition (for plain text: contains it). */
    public boolean test(String value) {
        if (value == null) {
            return false;
        }
        if ("~".equals(op)) {
            return value.toLowerCase(Locale.ROOT).contains(text.toLowerCase(Locale.ROOT));
        }
        double v = numberOrNaN(value);
        int cmp = !Double.isNaN(v) && !Double.isNaN(number) ? Double.compare(v, number) : value.compareTo(text);
        return switch (op) {
            case "=" -> Double.isNaN(v) || Double.isNaN(number) ? value.equals(text) : v == number;
            case "!=" -> Double.isNaN(v) || Double.isNaN(number) ? !value.equals(text) : v != number;
            case "<" -> cmp < 0;
            case "<=" -> cmp <= 0;
            case ">" -> cmp > 0;
            default -> cmp >= 0;
        };
    }

    private static String unquote(String s) {
        return s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("'") && s.endsWith("'"))
                ? s.substring(1, s.length() - 1) : s;
    }

    private static double numberOrNaN(String s) {
        try {
            return Double.parseDouble(s.strip());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
