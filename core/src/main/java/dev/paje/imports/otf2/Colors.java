package dev.paje.imports.otf2;

/** A stable color per name ("r g b" in [0, 1]): the same region has the same color in every trace. */
final class Colors {
    private Colors() {
    }

    static String of(String name) {
        int h = name.hashCode() * 0x9E3779B1;
        double hue = ((h >>> 8) % 360) / 60.0;
        double s = 0.55;
        double v = 0.9;
        double c = v * s;
        double x = c * (1 - Math.abs(hue % 2 - 1));
        double r;
        double g;
        double b;
        switch ((int) hue) {
            case 0 -> { r = c; g = x; b = 0; }
            case 1 -> { r = x; g = c; b = 0; }
            case 2 -> { r = 0; g = c; b = x; }
            case 3 -> { r = 0; g = x; b = c; }
            case 4 -> { r = x; g = 0; b = c; }
            default -> { r = c; g = 0; b = x; }
        }
        double m = v - c;
        return round(r + m) + " " + round(g + m) + " " + round(b + m);
    }

    private static String round(double x) {
        return Double.toString(Math.round(x * 100) / 100.0);
    }
}
