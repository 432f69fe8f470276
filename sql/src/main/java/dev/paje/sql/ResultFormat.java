package dev.paje.sql;

import java.util.Locale;

/** How query results are printed: an aligned table for people, CSV or JSON for programs. */
public enum ResultFormat {
    TABLE, CSV, JSON;

    /** {@code table}, {@code csv} or {@code json} in any case; null when it is none of them. */
    public static ResultFormat parse(String s) {
        for (ResultFormat f : values()) {
            if (f.name().equalsIgnoreCase(s)) {
                return f;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
