package dev.paje.export;

/** The window a cut keeps, {@code [start, end]}; finite, start not after end. */
public record CutOptions(double start, double end) {
    public CutOptions {
        if (!Double.isFinite(start) || !Double.isFinite(end) || start > end) {
            throw new IllegalArgumentException("expected a window start <= end, found [" + start + ", " + end + "]");
        }
    }
}
