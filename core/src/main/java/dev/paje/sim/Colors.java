package dev.paje.sim;

/**
 * Checks {@code Color} fields: "R G B" (optionally A), non-negative numbers, quotes allowed.
 * Components are usually in [0, 1]; some writers use [0, 255], which PajeNG accepts too, and
 * some write a hexadecimal {@code RRGGBB}.
 */
final class Colors {
    private Colors() {
    }

    static boolean valid(String text) {
        String s = text;
        if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) {
            s = s.substring(1, s.length() - 1);
        }
        s = s.trim();
        if (s.matches("#?[0-9A-Fa-f]{6}")) {
            return true; // web-style RRGGBB, as some generators write
        }
        String[] parts = s.split("[\\s,]+");
        if (parts.length < 3 || parts.length > 4) {
            return false;
        }
        for (String p : parts) {
            try {
                double v = Double.parseDouble(p);
                if (!(v >= 0 && v <= 255)) {
                    return false;
                }
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return true;
    }
}
