package dev.paje.export;

/**
 * Names as users mean them: the store keeps each name as the trace spells it, with the double
 * quotes that Pajé needs around names with spaces ({@code "rank 0"}); exports drop that syntax.
 */
public final class PlainName {
    private PlainName() {
    }

    /** {@code name} without one pair of enclosing double quotes; null stays null. */
    public static String of(String name) {
        if (name != null && name.length() >= 2 && name.charAt(0) == '"' && name.charAt(name.length() - 1) == '"') {
            return name.substring(1, name.length() - 1);
        }
        return name;
    }
}
