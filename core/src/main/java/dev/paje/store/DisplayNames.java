package dev.paje.store;

/**
 * Names as people read them: the store keeps names as written in the trace, quotes included
 * ({@code "Thread State"}), as pj_dump prints them; statistics, exports and the viewer show them
 * unquoted, and containers by path.
 */
public final class DisplayNames {
    private DisplayNames() {
    }

    /** {@code s} without one pair of surrounding double quotes; null stays null. */
    public static String name(String s) {
        if (s != null && s.length() >= 2 && s.charAt(0) == '"' && s.charAt(s.length() - 1) == '"') {
            return s.substring(1, s.length() - 1);
        }
        return s;
    }

    /** The container's path from the root, names unquoted and joined by '/' ("/" for the root). */
    public static String path(Container c) {
        if (c.parent() == null) {
            return "/";
        }
        StringBuilder sb = new StringBuilder();
        for (Container x = c; x.parent() != null; x = x.parent()) {
            sb.insert(0, name(x.name())).insert(0, '/');
        }
        return sb.toString();
    }
}
